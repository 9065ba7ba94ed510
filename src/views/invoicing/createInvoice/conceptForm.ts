// The concept being typed in crear-factura: from a catalogue product (its SAT keys, price and taxes prefilled) or
// free; checked with the contract's ConceptDraft before the machine takes it.
import { is } from 'superstruct';
import {
  ConceptDraft,
  type IvaTreatment,
  importeCentsExact,
  importeTooLarge,
  type ObjetoImp,
  QUANTITY_PATTERN,
} from '../../../api/invoicing';
import type { Product } from '../../../machines/createInvoiceMachine';
import { centsOf } from '../money';

export interface ConceptValues {
  productId: string;
  claveProdServ: string;
  claveUnidad: string;
  unidad: string;
  descripcion: string;
  cantidad: string;
  precio: string;
  objetoImp: ObjetoImp;
  iva: IvaTreatment;
}

export const FREE_CONCEPT: ConceptValues = {
  productId: '',
  claveProdServ: '',
  claveUnidad: '',
  unidad: '',
  descripcion: '',
  cantidad: '1',
  precio: '',
  objetoImp: '02',
  iva: 'tasa16',
};

export const valuesOfProduct = (product: Product): ConceptValues => ({
  productId: String(product.id),
  claveProdServ: product.claveProdServ,
  claveUnidad: product.claveUnidad,
  unidad: product.unidad,
  descripcion: product.name,
  cantidad: '1',
  precio: (product.priceCents / 100).toFixed(2),
  objetoImp: product.objetoImp,
  iva: product.iva ?? 'tasa16',
});

/** The concept as the contract wants it, or null while something is missing or wrong. */
export function conceptOf(values: ConceptValues): ConceptDraft | null {
  const concept = typedConcept(values);
  return concept && is(concept, ConceptDraft) ? concept : null;
}

/** What is wrong with a typed concept, for its message: too large an importe, or anything else. */
export function conceptProblem(values: ConceptValues): 'amountTooLarge' | 'badConcept' | null {
  if (conceptOf(values)) return null;
  const concept = typedConcept(values);
  return concept && QUANTITY_PATTERN.test(concept.cantidad) && importeTooLarge(concept) ? 'amountTooLarge' : 'badConcept';
}

function typedConcept(values: ConceptValues): ConceptDraft | null {
  const cents = centsOf(values.precio);
  if (cents === null) return null;
  return {
    ...(values.productId ? { productId: Number(values.productId) } : {}),
    claveProdServ: values.claveProdServ.trim(),
    claveUnidad: values.claveUnidad.trim().toUpperCase(),
    unidad: values.unidad.trim(),
    descripcion: values.descripcion.trim(),
    cantidad: values.cantidad.trim(),
    valorUnitarioCents: cents,
    objetoImp: values.objetoImp,
    iva: values.objetoImp === '02' ? values.iva : null,
  };
}

/** A concept's amount before taxes, in cents (quantity × unit price, rounded to the cent, exactly as the CFDI's). */
export const importeOf = (concept: ConceptDraft) => Number(importeCentsExact(concept));
