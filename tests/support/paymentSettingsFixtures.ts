// The online-payment settings (issue 27) as the contract shapes them: a condominium taking card, SPEI and OXXO
// payments through the sandbox into one of its two accounts, the resident bearing the commission. Plain values for
// the machine's model and the view tests.
import { NO_PROVIDER_KEYS, type PaymentSettingsDraft, type PaymentSettingsView } from '../../src/api/checkout';

export const ACCOUNTS = [
  { id: 11, nombre: 'BBVA Cuenta operativa', tipo: 'banco' },
  { id: 12, nombre: 'Caja chica', tipo: 'caja' },
];

export const DRAFT: PaymentSettingsDraft = {
  provider: 'sandbox',
  enabled: true,
  feeBearer: 'residente',
  fees: {
    tarjeta: { bp: 360, fixedCents: 300 },
    spei: { bp: 0, fixedCents: 800 },
    oxxo: { bp: 360, fixedCents: 0 },
  },
  accountId: 11,
};

export const VIEW: PaymentSettingsView = {
  settings: DRAFT,
  keys: NO_PROVIDER_KEYS,
  saved: true,
  providers: ['sandbox'],
  accounts: ACCOUNTS,
};

/** What the administrator changes: the condominium bears the commission, the money lands in the cash box. */
export const CHANGED: PaymentSettingsDraft = { ...DRAFT, feeBearer: 'condominio', accountId: 12 };
export const CHANGED_VIEW: PaymentSettingsView = { ...VIEW, settings: CHANGED };
