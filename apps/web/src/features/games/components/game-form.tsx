import { zodResolver } from '@hookform/resolvers/zod';
import { ZGameFields, type TGame } from '@nexusplay/contract/games';
import { useForm } from 'react-hook-form';
import {
  IMAGE_OUTSIDE_FIELDS,
  ImageUploadField,
  useImageUpload,
} from '../../../components/ui/image-upload';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useSaveGameMutation } from '../api/manage-games';

/** The text fields travel beside the image file, which the form does not hold itself. */
const ZGameForm = ZGameFields.omit({ remove_image: true });

type GameFormProps = {
  /** The game to edit; without one the form adds a new game. */
  game?: TGame | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function GameForm({ game, onSaved, onCancel }: GameFormProps) {
  const upload = useImageUpload();
  const form = useForm({
    resolver: zodResolver(ZGameForm),
    defaultValues: {
      name: game?.name ?? '',
      description: game?.description ?? '',
      link: game?.link ?? '',
    },
  });
  const save = useSaveForm(form, useSaveGameMutation(), {
    variables: (text) => ({
      id: game?.id,
      text,
      image: upload.image,
      removeImage: upload.removeImage,
    }),
    onSaved,
    saved: game ? 'Game updated.' : 'Game added.',
    outside: IMAGE_OUTSIDE_FIELDS,
    fallback: game ? 'Failed to update game.' : 'Failed to create game.',
  });

  return (
    <SaveForm save={save} onCancel={onCancel}>
      <TextField label="Name" autoComplete="off" {...save.field('name')} />
      <TextareaField label="Description" rows={4} {...save.field('description')} />
      <TextField
        label="Link"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint="The game's own site, opened in a new tab from the game card."
        {...save.field('link')}
      />
      <ImageUploadField
        upload={upload}
        form={form}
        feedback={save.feedback}
        currentImageUrl={game?.image}
      />
    </SaveForm>
  );
}
