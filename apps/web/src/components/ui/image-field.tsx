import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@nexusplay/contract/uploads';
import { useEffect, useId, useRef, useState } from 'react';
import { ImageIcon } from 'lucide-react';
import { Button } from './button';

const ACCEPT = IMAGE_MIME_TYPES.join(',');
const MAX_MEGABYTES = IMAGE_MAX_BYTES / (1024 * 1024);
const WRONG_TYPE_MESSAGE = 'Choose a PNG, JPEG, WebP, GIF or AVIF image.';
const TOO_LARGE_MESSAGE = `The image must be ${MAX_MEGABYTES} MB or smaller.`;

function isAcceptedImage(file: File): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
}

type ImageFieldProps = {
  label: string;
  /** The picture the record has now, in edit mode. */
  currentImageUrl?: string | null | undefined;
  /** The newly chosen file, or null when there is none. */
  onFileChange: (file: File | null) => void;
  /** Whether the current picture is to be removed on save. */
  removeCurrent: boolean;
  onRemoveCurrentChange: (remove: boolean) => void;
  /** The server's reason for refusing the last upload. */
  error?: string | undefined;
};

type Chosen = { file: File; previewUrl: string };

/**
 * An optional image upload with a preview. Only pictures the server accepts can be chosen, and a
 * file that is not one, or is too large, is refused here before anything is sent.
 */
export function ImageField({
  label,
  currentImageUrl,
  onFileChange,
  removeCurrent,
  onRemoveCurrentChange,
  error,
}: ImageFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // Each preview address holds the file in memory until it is revoked.
  const previewUrl = chosen?.previewUrl;
  useEffect(() => {
    if (previewUrl === undefined) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const choose = (file: File | null) => {
    setChosen(file ? { file, previewUrl: URL.createObjectURL(file) } : null);
    onFileChange(file);
  };

  const onInputChange = (file: File | undefined) => {
    if (file === undefined) return;
    const problem = !isAcceptedImage(file)
      ? WRONG_TYPE_MESSAGE
      : file.size > IMAGE_MAX_BYTES
        ? TOO_LARGE_MESSAGE
        : null;
    setRefusal(problem);
    if (problem) {
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    choose(file);
    onRemoveCurrentChange(false);
  };

  const clearChoice = () => {
    if (inputRef.current) inputRef.current.value = '';
    setRefusal(null);
    choose(null);
  };

  const shownError = refusal ?? error;
  const keptImage = currentImageUrl && !removeCurrent ? currentImageUrl : null;
  const preview = previewUrl ?? keptImage;
  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-video w-40 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-700 bg-slate-950/60">
          {preview ? (
            <img
              src={preview}
              alt={chosen ? 'Preview of the chosen image' : 'The current image'}
              width={160}
              height={90}
              className="size-full object-cover"
            />
          ) : (
            <ImageIcon aria-hidden="true" className="size-8 text-slate-600" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={ACCEPT}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onInputChange(event.target.files?.[0])}
            className="block w-full text-sm text-slate-300 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100 hover:file:bg-slate-700"
          />
          <p id={hintId} className="text-xs text-slate-400">
            Optional. PNG, JPEG, WebP, GIF or AVIF, up to {MAX_MEGABYTES} MB.
          </p>
          <div className="flex flex-wrap gap-2">
            {chosen ? (
              <Button variant="ghost" size="sm" onClick={clearChoice}>
                Clear chosen image
              </Button>
            ) : null}
            {currentImageUrl && !chosen ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onRemoveCurrentChange(!removeCurrent)}
              >
                {removeCurrent ? 'Keep current image' : 'Remove current image'}
              </Button>
            ) : null}
          </div>
          {currentImageUrl && removeCurrent && !chosen ? (
            <p className="text-xs text-amber-300">The current image will be removed on save.</p>
          ) : null}
          {shownError ? (
            <p id={errorId} className="text-sm text-red-400">
              {shownError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
