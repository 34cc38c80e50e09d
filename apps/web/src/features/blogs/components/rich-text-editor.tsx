import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Toolbar } from 'radix-ui';
import { useId, useState, type ComponentType, type SVGProps } from 'react';
import {
  BoldIcon,
  Heading1Icon,
  Heading2Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  PilcrowIcon,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/class-names';

/** The server keeps only web and mail links, so the editor offers no other kind. */
const ALLOWED_LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

function isAllowedLink(url: string) {
  return ALLOWED_LINK.test(url.trim());
}

/**
 * Only what the server keeps of an article can be written: bold, italic, links, two heading
 * levels, bullet lists and paragraphs. Everything else StarterKit brings is switched off, so
 * nothing typed here is silently dropped on save.
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2] },
    blockquote: false,
    code: false,
    codeBlock: false,
    hardBreak: false,
    horizontalRule: false,
    orderedList: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: isAllowedLink,
      // The site decides how links open when it shows the article; the stored markup stays bare.
      HTMLAttributes: { target: null, rel: null },
    },
  }),
];

const CONTENT_CLASSES = [
  'min-h-48 max-h-[28rem] overflow-y-auto rounded-b-lg px-3 py-2.5 text-slate-100',
  '[&_p]:my-2 [&_h1]:my-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:my-3 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-indigo-300 [&_a]:underline',
].join(' ');

type RichTextEditorProps = {
  /** The element that names the editor, since a content-editable area has no <label>. */
  labelId: string;
  /** The starting content; later changes come from the editor itself. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
};

export function RichTextEditor({ labelId, value, onChange, onBlur }: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: CONTENT_CLASSES,
      },
    },
    // An empty document is an empty article, not an empty paragraph.
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  return (
    <div className="rounded-lg border border-slate-600 bg-slate-950/60 focus-within:border-indigo-400">
      <FormattingToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

type ToolProps = {
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  active: boolean;
  onClick: () => void;
};

function Tool({ label, Icon, active, onClick }: ToolProps) {
  return (
    <Toolbar.Button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      className={cx(
        'rounded-md p-2 transition-colors',
        active ? 'bg-indigo-600 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Toolbar.Button>
  );
}

function FormattingToolbar({ editor }: { editor: Editor }) {
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      link: current.isActive('link'),
      heading1: current.isActive('heading', { level: 1 }),
      heading2: current.isActive('heading', { level: 2 }),
      bulletList: current.isActive('bulletList'),
      paragraph: current.isActive('paragraph') && !current.isActive('bulletList'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <>
      <Toolbar.Root
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-slate-700 p-1.5"
      >
        <Tool
          label="Bold"
          Icon={BoldIcon}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <Tool
          label="Italic"
          Icon={ItalicIcon}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <Tool
          label="Link"
          Icon={LinkIcon}
          active={state.link || linkOpen}
          onClick={() => setLinkOpen((open) => !open)}
        />
        <Toolbar.Separator className="mx-1 w-px self-stretch bg-slate-700" />
        <Tool
          label="Heading 1"
          Icon={Heading1Icon}
          active={state.heading1}
          onClick={() => chain().toggleHeading({ level: 1 }).run()}
        />
        <Tool
          label="Heading 2"
          Icon={Heading2Icon}
          active={state.heading2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          label="Bullet list"
          Icon={ListIcon}
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Tool
          label="Paragraph"
          Icon={PilcrowIcon}
          active={state.paragraph}
          onClick={() => chain().setParagraph().run()}
        />
      </Toolbar.Root>
      {linkOpen ? (
        <LinkPanel
          // A fresh panel for each link, so it starts from that link's address.
          key={state.href}
          editor={editor}
          currentHref={state.href}
          onClose={() => setLinkOpen(false)}
        />
      ) : null}
    </>
  );
}

type LinkPanelProps = {
  editor: Editor;
  currentHref: string;
  onClose: () => void;
};

/** Sets or removes the link on the selection. Not a <form>: it sits inside the blog form. */
function LinkPanel({ editor, currentHref, onClose }: LinkPanelProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [href, setHref] = useState(currentHref);
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const address = href.trim();
    if (!isAllowedLink(address)) {
      setError('Enter an address starting with http://, https:// or mailto:.');
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // With nothing selected, the address itself becomes the linked text.
      chain
        .insertContent({
          type: 'text',
          text: address,
          marks: [{ type: 'link', attrs: { href: address } }],
        })
        .run();
    } else {
      chain.extendMarkRange('link').setLink({ href: address }).run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <div className="flex flex-wrap items-start gap-2 border-b border-slate-700 p-2">
      <div className="min-w-48 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Link address
        </label>
        <input
          id={inputId}
          type="url"
          // The panel opens on request, so the address is what is typed next.
          autoFocus
          value={href}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            // Enter would otherwise submit the blog form around the editor.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          className="block w-full rounded-md border border-slate-600 bg-slate-950 px-2.5 py-1.5 text-sm text-slate-100 focus:border-indigo-400"
        />
        {error ? (
          <p id={errorId} className="mt-1 text-xs text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <Button size="sm" onClick={apply}>
        Apply link
      </Button>
      {currentHref ? (
        <Button variant="ghost" size="sm" onClick={remove}>
          Remove link
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onClose}>
        Cancel
      </Button>
    </div>
  );
}
