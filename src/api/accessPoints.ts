// A condominium's access point as the visitor pages read it (a pass, a guest form), on its own so that the pass's
// contract does not bring the whole guest-registration contract into the pass page (issue 29).
import { type Infer, nullable, number, object, string } from 'superstruct';

export const AccessPoint = object({
  PuntoAccesoId: number(),
  Nombre: string(),
  Address: nullable(string()),
  /** "latitude,longitude". */
  Coordinates: nullable(string()),
});
export type AccessPoint = Infer<typeof AccessPoint>;
