// Parcels as the contract shapes them (src/api/parcels.ts): the demo's dwellings, a parcel waiting for Torre A -
// 101 as the gate reads it and as its resident reads it (with the code), one collected, and the pages the lists
// answer. Plain values: machine models, machine and view tests share them.
import type { Parcel, ParcelDwelling, ParcelsPageAnswer } from '../../src/api/parcels';

export const DWELLINGS: ParcelDwelling[] = [
  { apartmentId: 11, tower: 'Torre A', apartment: '101' },
  { apartmentId: 12, tower: 'Torre A', apartment: '102' },
  { apartmentId: 31, tower: null, apartment: 'Casa 3' },
];

export const PICKUP_CODE = '482913';
export const CLIENT_ID = '6f0c2a4e-9d0b-4c3e-8a57-1c2d3e4f5a6b';

/** Waiting for Torre A - 101, as the gate reads it (no code). */
export const WAITING: Parcel = {
  id: 7,
  clientId: CLIENT_ID,
  dwelling: DWELLINGS[0]!,
  carrier: 'DHL',
  tracking: '1234567890',
  size: 'mediano',
  note: null,
  status: 'waiting',
  arrivedAt: '2026-03-02 09:15',
  photoUrl: null,
  collectedAt: null,
  collectedByName: null,
  collectedMethod: null,
  signatureUrl: null,
  pickupCode: null,
  reminders: 0,
};

/** The same parcel as its resident reads it. */
export const MINE_WAITING: Parcel = { ...WAITING, pickupCode: PICKUP_CODE };

export const COLLECTED: Parcel = {
  ...WAITING,
  id: 5,
  clientId: '11111111-2222-4333-8444-555555555555',
  carrier: 'FedEx',
  size: 'chico',
  status: 'collected',
  arrivedAt: '2026-02-20 10:00',
  collectedAt: '2026-02-20 18:30',
  collectedMethod: 'code',
};

export const HANDED: Parcel = { ...WAITING, status: 'collected', collectedAt: '2026-03-02 12:00', collectedMethod: 'code' };

export const page = (items: Parcel[], total = items.length): ParcelsPageAnswer => ({ success: true, items, total });

/** A PNG data URL as the signature pad gives it. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
