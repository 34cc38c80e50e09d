import { zodResolver } from '@hookform/resolvers/zod';
import { ZToolRequest, type TTool } from '@nexusplay/contract/tools';
import { useForm, useWatch } from 'react-hook-form';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useSaveToolMutation } from '../api/manage-tools';
import { ToolIcon } from './tool-icon';

type ToolFormProps = {
  /** The tool to edit; without one the form adds a new tool. */
  tool?: TTool | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function ToolForm({ tool, onSaved, onCancel }: ToolFormProps) {
  const form = useForm({
    // The values are checked here but sent as typed: the server applies the same schema itself.
    resolver: zodResolver(ZToolRequest, undefined, { raw: true }),
    defaultValues: {
      name: tool?.name ?? '',
      icon: tool?.icon ?? '',
      description: tool?.description ?? '',
      link: tool?.link ?? '',
    },
  });
  const save = useSaveForm(form, useSaveToolMutation(), {
    variables: (values) => ({ id: tool?.id, tool: values }),
    onSaved,
    saved: tool ? 'Tool updated.' : 'Tool added.',
    fallback: tool ? 'Failed to update tool.' : 'Failed to create tool.',
  });
  const icon = useWatch({ control: form.control, name: 'icon' });

  return (
    <SaveForm save={save} onCancel={onCancel}>
      <TextField label="Name" autoComplete="off" {...save.field('name')} />
      <div className="flex items-start gap-4">
        <TextField
          label="Icon"
          autoComplete="off"
          className="flex-1"
          hint="An icon name (coins, trending-up, link, wallet, store, ...) or an image address."
          {...save.field('icon')}
        />
        <span
          aria-hidden="true"
          className="mt-7 flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-500/15 text-indigo-300"
        >
          {icon?.trim() ? <ToolIcon icon={icon} className="size-6" /> : null}
        </span>
      </div>
      <TextareaField label="Description" rows={3} {...save.field('description')} />
      <TextField
        label="Link"
        autoComplete="off"
        placeholder="/tools/wallet"
        hint="Optional. A page of this site (/tools/wallet) or a web address."
        {...save.field('link')}
      />
    </SaveForm>
  );
}
