import { zodResolver } from '@hookform/resolvers/zod';
import { ZBlogFields, type TBlog } from '@nexusplay/contract/blogs';
import { lazy, Suspense, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  IMAGE_OUTSIDE_FIELDS,
  ImageUploadField,
  useImageUpload,
} from '../../../components/ui/image-upload';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { todayAsCalendarDate } from '../../../lib/format-date';
import { useSaveBlogMutation } from '../api/manage-blogs';

// The editor is by far the largest part of the admin area, so it loads only when a form opens.
const RichTextEditor = lazy(async () => ({
  default: (await import('./rich-text-editor')).RichTextEditor,
}));

/** The text fields travel beside the image file, which the form does not hold itself. */
const ZBlogForm = ZBlogFields.omit({ remove_image: true });

type BlogFormProps = {
  /** The post to edit; without one the form adds a new post. */
  blog?: TBlog | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function BlogForm({ blog, onSaved, onCancel }: BlogFormProps) {
  const contentLabelId = useId();
  const upload = useImageUpload();
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
  const save = useSaveForm(form, useSaveBlogMutation(), {
    variables: ({ description, ...text }) => ({
      id: blog?.id,
      text: { ...text, description: description ?? '' },
      image: upload.image,
      removeImage: upload.removeImage,
    }),
    onSaved,
    saved: blog ? 'Blog post updated.' : 'Blog post added.',
    outside: IMAGE_OUTSIDE_FIELDS,
    fallback: blog ? 'Failed to update blog.' : 'Failed to create blog.',
  });
  const contentError = form.formState.errors.content?.message;

  return (
    <SaveForm save={save} onCancel={onCancel}>
      <TextField label="Title" autoComplete="off" {...save.field('title')} />
      <ImageUploadField
        upload={upload}
        form={form}
        feedback={save.feedback}
        currentImageUrl={blog?.image}
      />
      <div className="space-y-1.5">
        <div id={contentLabelId} className="text-sm font-medium text-slate-200">
          Content
        </div>
        <Controller
          name="content"
          control={form.control}
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
        <TextField label="Author" autoComplete="off" {...save.field('author')} />
        <TextField label="Date" type="date" {...save.field('date')} />
      </div>
      <TextareaField
        label="Description"
        rows={3}
        hint="Optional. A short summary for the blog cards; left blank, the start of the content is used."
        {...save.field('description')}
      />
    </SaveForm>
  );
}
