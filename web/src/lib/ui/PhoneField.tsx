// The phone field of the business forms (a user, a client, a shop): the label, a phone keyboard and
// the country's example number (lib/phone-field.ts), wired to react-hook-form like Field.
import type { ComponentProps } from 'react';
import { phonePlaceholder } from '../phone-field';
import { Field } from './Field';

type Props = Omit<ComponentProps<typeof Field>, 'label' | 'type' | 'inputMode' | 'placeholder'> & {
  country: Parameters<typeof phonePlaceholder>[0];
};

export function PhoneField({ country, ...input }: Props) {
  return <Field label="Téléphone" type="tel" inputMode="tel" autoComplete="off" placeholder={phonePlaceholder(country)} {...input} />;
}
