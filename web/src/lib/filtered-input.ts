// A react-hook-form text field whose typed text is normalised as it is typed (a VIN in capitals, a mileage in digits),
// so the field shows exactly the value the form holds.
import type { UseFormRegisterReturn } from 'react-hook-form';

export function filtered<N extends string>(
  field: UseFormRegisterReturn<N>,
  normalise: (text: string) => string,
): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      input.value = normalise(input.value);
      return field.onChange(event);
    },
  };
}

export const upperCase = (text: string) => text.toUpperCase();
export const digitsOnly = (text: string) => text.replace(/\D/g, '');
