import { zodResolver } from '@hookform/resolvers/zod';
import { ZLinkRequest, type TLink } from '@nexusplay/contract/links';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useSaveLinkMutation } from '../api/manage-links';
import { linkFailureMessage } from '../api/link-session';

/** The owner comes from the session, not from the form. */
const ZLinkForm = ZLinkRequest.omit({ user_id: true });

type LinkFormProps = {
  /** The link to edit; without one the form adds a new link. */
  link?: TLink | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function LinkForm({ link, onSaved, onCancel }: LinkFormProps) {
  const mutation = useSaveLinkMutation();
  const form = useForm({
    // The schema's output is what is sent: trimmed, with an empty category as none.
    resolver: zodResolver(ZLinkForm),
    defaultValues: {
      title: link?.title ?? '',
      url: link?.url ?? '',
      category: link?.category ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { id: link?.id, link: values },
      {
        onSuccess: () => {
          reset();
          onSaved();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-5">
      {mutation.error && feedback.stands() ? (
        <FormAlert>
          {linkFailureMessage(
            mutation.error,
            link ? 'Failed to update link.' : 'Failed to create link.',
          )}
        </FormAlert>
      ) : null}
      <TextField
        label="Title"
        autoComplete="off"
        placeholder="Pixels marketplace"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        error={errors.url?.message}
        {...register('url')}
      />
      <TextField
        label="Category"
        autoComplete="off"
        placeholder="Guides"
        hint="Optional. Group links by game or topic."
        error={errors.category?.message}
        {...register('category')}
      />
      <FormActions pending={mutation.isPending} onCancel={onCancel} />
    </form>
  );
}
