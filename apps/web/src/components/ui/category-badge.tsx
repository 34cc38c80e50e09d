/** A row's optional category, or a quiet dash that assistive technology reads as "No category". */
export function CategoryBadge({ category }: { category: string | null | undefined }) {
  if (!category?.trim()) {
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No category</span>
      </span>
    );
  }
  return (
    <span
      title={category}
      className="inline-block max-w-48 truncate rounded-full bg-indigo-500/15 px-2.5 py-0.5 align-middle text-xs font-semibold text-indigo-200"
    >
      {category}
    </span>
  );
}
