import { zodResolver } from '@hookform/resolvers/zod';
import { LINK_FIELDS, ZLinkFields, type TLink, type TLinkField } from '@nexusplay/contract/links';
import { fieldDefaults } from '@nexusplay/contract/personal-rows';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { useSaveLinkMutation } from '../api/manage-links';
import { linkFailureMessage } from '../api/link-session';
import type { SaveFailure } from '../../../lib/form-errors';

/** Each field's input; a field added to the contract is a compile error here until it has one. */
const INPUTS: Record<TLinkField, Omit<ComponentProps<typeof TextField>, 'name'>> = {
  title: { label: 'Title', autoComplete: 'off', placeholder: 'Pixels marketplace' },
  url: {
    label: 'URL',
    type: 'url',
    inputMode: 'url',
    autoComplete: 'off',
    spellCheck: false,
    placeholder: 'https://',
  },
  category: {
    label: 'Category',
    autoComplete: 'off',
    placeholder: 'Guides',
    hint: 'Optional. Group links by game or topic.',
  },
};

/** A link save's failure is one message above the form: its `error` field, else the fallback (SPEC 8). */
function linkFailure(error: Error, fallback: string): SaveFailure {
  return { message: linkFailureMessage(error, fallback) };
}

type LinkFormProps = {
  /** The link to edit; without one the form adds a new link. */
  link?: TLink | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function LinkForm({ link, onSaved, onCancel }: LinkFormProps) {
  const form = useForm({
    // The schema's output is what is sent: trimmed, with an empty category as none.
    resolver: zodResolver(ZLinkFields),
    defaultValues: fieldDefaults(LINK_FIELDS, link),
  });
  const save = useSaveForm(form, useSaveLinkMutation(), {
    variables: (values) => ({ id: link?.id, link: values }),
    onSaved,
    saved: link ? 'Link updated.' : 'Link added.',
    fallback: link ? 'Failed to update link.' : 'Failed to create link.',
    describe: linkFailure,
  });

  return (
    <SaveForm save={save} onCancel={onCancel}>
      {LINK_FIELDS.map((field) => (
        <TextField key={field} {...INPUTS[field]} {...save.field(field)} />
      ))}
    </SaveForm>
  );
}
