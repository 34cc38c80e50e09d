import { zodResolver } from '@hookform/resolvers/zod';
import { ZGameFields, type TGame } from '@nexusplay/contract/games';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { ImageField } from '../../../components/ui/image-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useSaveErrors } from '../../../lib/form-errors';
import { useSaveGameMutation } from '../api/manage-games';

/** The text fields travel beside the image file, which the form does not hold itself. */
const ZGameForm = ZGameFields.omit({ remove_image: true });

/** Messages about the image go under its picker, which the form does not hold. */
const OUTSIDE_FIELDS = ['image'] as const;

type GameFormProps = {
  /** The game to edit; without one the form adds a new game. */
  game?: TGame | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function GameForm({ game, onSaved, onCancel }: GameFormProps) {
  const mutation = useSaveGameMutation();
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const form = useForm({
    resolver: zodResolver(ZGameForm),
    defaultValues: {
      name: game?.name ?? '',
      description: game?.description ?? '',
      link: game?.link ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);

  const onSubmit = handleSubmit((text) => {
    mutation.mutate(
      { id: game?.id, text, image, removeImage },
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
    fallback: game ? 'Failed to update game.' : 'Failed to create game.',
  });

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-5">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextareaField
        label="Description"
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Link"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint="The game's own site, opened in a new tab from the game card."
        error={errors.link?.message}
        {...register('link')}
      />
      <ImageField
        label="Image"
        currentImageUrl={game?.image}
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
      <FormActions pending={mutation.isPending} onCancel={onCancel} />
    </form>
  );
}
