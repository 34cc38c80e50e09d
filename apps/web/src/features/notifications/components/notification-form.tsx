import { zodResolver } from '@hookform/resolvers/zod';
import { ZNotificationRequest, type TNotification } from '@nexusplay/contract/notifications';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { describeSaveFailure, type SaveFailure } from '../../../lib/form-errors';
import { useSaveNotificationMutation } from '../api/manage-notifications';

const SAVE_FAILED_MESSAGE = 'Terjadi kesalahan saat mengirim data.';

/** The server's reasons go under their fields; above the form it is always the SPEC's sentence. */
function notificationFailure(error: Error, fallback: string): SaveFailure {
  return { ...describeSaveFailure(error), message: fallback };
}

type NotificationFormProps = {
  /** The notification to edit; without one the form creates a new notification. */
  notification?: TNotification | undefined;
  /** Called after a successful save, once the server's message has been shown. */
  onSaved: () => void;
  onCancelEdit: () => void;
};

export function NotificationForm({ notification, onSaved, onCancelEdit }: NotificationFormProps) {
  const isEditing = notification !== undefined;
  const form = useForm({
    // The values are checked here but sent as typed: the server applies the same schema itself.
    resolver: zodResolver(ZNotificationRequest, undefined, { raw: true }),
    defaultValues: { title: notification?.title ?? '', message: notification?.message ?? '' },
  });
  const save = useSaveForm(form, useSaveNotificationMutation(), {
    variables: (values) => ({ id: notification?.id, notification: values }),
    onSaved,
    saved: ({ message }) => message,
    onError: (error) => console.error('The notification could not be saved.', error),
    fallback: SAVE_FAILED_MESSAGE,
    describe: notificationFailure,
  });

  return (
    <SaveForm save={save}>
      <TextField
        label="Judul"
        autoComplete="off"
        // Choosing a notification to edit takes the keyboard straight to its text.
        autoFocus={isEditing}
        placeholder="Contoh: Pemeliharaan server"
        {...save.field('title')}
      />
      <TextareaField
        label="Pesan"
        rows={5}
        placeholder="Tulis pesan untuk semua pengguna..."
        {...save.field('message')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        {isEditing ? (
          <Button variant="secondary" onClick={onCancelEdit} disabled={save.pending}>
            Batal Edit
          </Button>
        ) : null}
        <Button type="submit" disabled={save.pending}>
          {save.pending ? 'Mengirim...' : isEditing ? 'Simpan Perubahan' : 'Buat Notifikasi'}
        </Button>
      </div>
    </SaveForm>
  );
}
