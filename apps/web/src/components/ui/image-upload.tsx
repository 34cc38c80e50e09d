import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { FormFeedback } from './form-alert';
import { ImageField } from './image-field';

/** The image travels beside the form's values: its messages go under its picker (see useSaveErrors). */
export const IMAGE_OUTSIDE_FIELDS = ['image'] as const;

/** The picture a save sends: a newly chosen file, and whether the current one goes. */
export function useImageUpload() {
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  return { image, removeImage, setImage, setRemoveImage };
}

type ImageUploadFieldProps<TValues extends FieldValues> = {
  upload: ReturnType<typeof useImageUpload>;
  form: Pick<UseFormReturn<TValues>, 'clearErrors' | 'formState'>;
  feedback: Pick<FormFeedback, 'changed'>;
  /** The picture the record has now, in edit mode. */
  currentImageUrl: string | null | undefined;
};

/** The optional image of an add or edit form; a change takes the last save's message about it away. */
export function ImageUploadField<TValues extends FieldValues>({
  upload,
  form,
  feedback,
  currentImageUrl,
}: ImageUploadFieldProps<TValues>) {
  const changed = () => {
    form.clearErrors('root.image');
    feedback.changed('image');
  };
  return (
    <ImageField
      label="Image"
      currentImageUrl={currentImageUrl}
      onFileChange={(file) => {
        upload.setImage(file);
        changed();
      }}
      removeCurrent={upload.removeImage}
      onRemoveCurrentChange={(remove) => {
        upload.setRemoveImage(remove);
        changed();
      }}
      error={form.formState.errors.root?.image?.message}
    />
  );
}
