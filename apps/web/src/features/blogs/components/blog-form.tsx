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
import { useSaveErrors } from '../../../lib/form-errors';
import { todayAsCalendarDate } from '../../../lib/format-date';
import { useSaveBlogMutation } from '../api/manage-blogs';

// The editor is by far the largest part of the admin area, so it loads only when a form opens.
const RichTextEditor = lazy(async () => ({
  default: (await import('./rich-text-editor')).RichTextEditor,
}));

/** The text fields travel beside the image file, which the form does not hold itself. */
const ZBlogForm = ZBlogFields.omit({ remove_image: true });

/** Messages about the image go under its picker, which the form does not hold. */
const OUTSIDE_FIELDS = ['image'] as const;

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
  const alert = useSaveErrors(form, mutation.error, feedback, {
    outside: OUTSIDE_FIELDS,
    fallback: blog ? 'Failed to update blog.' : 'Failed to create blog.',
  });
  const contentError = errors.content?.message;

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-5">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField
        label="Title"
        autoComplete="off"
        error={errors.title?.message}
        {...register('title')}
      />
      <ImageField
        label="Image"
        currentImageUrl={blog?.image}
        onFileChange={(file) => {
          setImage(file);
          form.clearErrors('root.image');
          feedback.changed('image');
        }}
        removeCurrent={removeImage}
        onRemoveCurrentChange={(remove) => {
          setRemoveImage(remove);
          form.clearErrors('root.image');
          feedback.changed('image');
        }}
        error={errors.root?.image?.message}
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
          error={errors.author?.message}
          {...register('author')}
        />
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
      </div>
      <TextareaField
        label="Description"
        rows={3}
        hint="Optional. A short summary for the blog cards; left blank, the start of the content is used."
        error={errors.description?.message}
        {...register('description')}
      />
      <FormActions pending={mutation.isPending} onCancel={onCancel} />
    </form>
  );
}
