import { useState } from 'react';
import { ImageIcon, type LucideIcon } from 'lucide-react';
import { cx } from '../../lib/class-names';

type CoverImageProps = {
  src: string | null | undefined;
  /** The intrinsic size, so the browser reserves the room before the picture arrives. */
  width: number;
  height: number;
  className?: string;
  /** The picture in the placeholder shown when there is no image or it fails to load. */
  placeholderIcon?: LucideIcon;
  /** Lazy by default; the one picture at the top of a page should load at once. */
  loading?: 'lazy' | 'eager';
};

/**
 * A decorative picture: its text sits next to it, so it has an empty alt. Without an image, or
 * when the image cannot be loaded, a placeholder of the same size takes its place.
 */
export function CoverImage({
  src,
  width,
  height,
  className,
  placeholderIcon: PlaceholderIcon = ImageIcon,
  loading = 'lazy',
}: CoverImageProps) {
  // Remembering which address failed lets a new address try again without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || src === failedSrc) {
    return (
      <div
        aria-hidden="true"
        className={cx(
          'flex items-center justify-center bg-gradient-to-br from-indigo-950 via-slate-900 to-fuchsia-950 text-slate-500',
          className,
        )}
      >
        <PlaceholderIcon className="size-1/4 max-h-12 max-w-12" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={loading}
      // The picture at the top of a page is most often its largest element, worth fetching first.
      fetchPriority={loading === 'eager' ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cx('bg-slate-800 object-cover', className)}
    />
  );
}
