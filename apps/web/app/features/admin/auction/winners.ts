import type { WinnerAddress } from '@varg/contracts';

/** A winner's delivery address on one line ("Jeanne Martin, 1 rue de la Paix, 75002 Paris, FR, +33 …"). */
export function addressLine(address: (Omit<WinnerAddress, 'country'> & { country: string }) | null): string {
  if (!address) return '';
  return [
    `${address.first_name} ${address.last_name}`,
    address.line_1,
    address.line_2,
    `${address.postal_code} ${address.city}`,
    address.state,
    address.country,
    address.phone,
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
