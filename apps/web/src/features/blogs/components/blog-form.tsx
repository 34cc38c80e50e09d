import { zodResolver } from '@hookform/resolvers/zod';
import { ZBlogFields, type TBlog } from '@nexusplay/contract/blogs';
import { lazy, Suspense, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { ImageField } from '../../../components/ui/image-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { describeSaveError } from '../../../lib/form-errors';
import { todayAsCalendarDate } from '../../../lib/format-date';
import { useSaveBlogMutation } from '../api/manage-blogs';

// The editor is by far the largest part of the admin area, so it loads only when a form opens.
const RichTextEditor = lazy(async () => ({
  default: (await import('./rich-text-editor')).RichTextEditor,
}));

/** The text fields travel beside the image file, which the form does not hold itself. */
const ZBlogForm = ZBlogFields.omit({ remove_image: true });
const SERVER_FIELDS = ['title', 'content', 'author', 'date', 'description', 'image'] as const;

type BlogFormProps = {
  /** The post to edit; without one the form adds a new post. */
  blog?: TBlog | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function BlogForm({ blog, onSaved, onCancel }: BlogFormProps) {
  const contentLabelId = useId();
  const mutation = useSaveBlogMutation();
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const form = useForm({
    resolver: zodResolver(ZBlogForm),
    defaultValues: {
      title: blog?.title ?? '',
      content: blog?.content ?? '',
      author: blog?.author ?? '',
      date: blog?.date ?? todayAsCalendarDate(),
      // A derived description is the content's opening, not the author's: left blank, saving
      // derives it again from the content as edited.
      description: blog?.description_derived ? '' : (blog?.description ?? ''),
    },
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);

  const onSubmit = handleSubmit(({ description, ...text }) => {
    mutation.mutate(
      { id: blog?.id, text: { ...text, description: description ?? '' }, image, removeImage },
      {
        onSuccess: () => {
          reset();
          onSaved();
        },
      },
    );
  });

  const saveError = describeSaveError(
    mutation.error,
    SERVER_FIELDS,
    blog ? 'Failed to update blog.' : 'Failed to create blog.',
    feedback.stands,
  );
  const contentError = errors.content?.message ?? saveError.fieldErrors.content;

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-5">
      {saveError.alert ? <FormAlert>{saveError.alert}</FormAlert> : null}
      <TextField
        label="Title"
        autoComplete="off"
        error={errors.title?.message ?? saveError.fieldErrors.title}
        {...register('title')}
      />
      <ImageField
        label="Image"
        currentImageUrl={blog?.image}
        onFileChange={(file) => {
          setImage(file);
          feedback.changed('image');
        }}
        removeCurrent={removeImage}
        onRemoveCurrentChange={(remove) => {
          setRemoveImage(remove);
          feedback.changed('image');
        }}
        error={saveError.fieldErrors.image}
      />
      <div className="space-y-1.5">
        <div id={contentLabelId} className="text-sm font-medium text-slate-200">
          Content
        </div>
        <Controller
          name="content"
          control={control}
          render={({ field }) => (
            <Suspense fallback={<Skeleton className="h-60 w-full rounded-lg" />}>
              <RichTextEditor
                labelId={contentLabelId}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            </Suspense>
          )}
        />
        {contentError ? <p className="text-sm text-red-400">{contentError}</p> : null}
      </div>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="Author"
          autoComplete="off"
          error={errors.author?.message ?? saveError.fieldErrors.author}
          {...register('author')}
        />
        <TextField
          label="Date"
          type="date"
          error={errors.date?.message ?? saveError.fieldErrors.date}
          {...register('date')}
        />
      </div>
      <TextareaField
        label="Description"
        rows={3}
        hint="Optional. A short summary for the blog cards; left blank, the start of the content is used."
        error={errors.description?.message ?? saveError.fieldErrors.description}
        {...register('description')}
      />
      <FormActions pending={mutation.isPending} onCancel={onCancel} />
    </form>
  );
}
