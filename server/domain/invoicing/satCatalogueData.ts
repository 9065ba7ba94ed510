// A SUBSET of the SAT's c_ClaveProdServ and c_ClaveUnidad (Anexo 20's catálogos), chosen for what a
// condominium invoices and buys: fees, rentals of common areas, upkeep, security, cleaning, administration.
// The full catalogues have some 52,000 and 2,400 entries; a condominium needs a few dozen, and keeping them
// here avoids loading the SAT's spreadsheet at start. An administrator may still type any valid key in a
// product (the struct checks its shape; the PAC checks it exists). Descriptions follow the SAT's wording as
// far as it could be checked; the search only needs them to be recognisable.
export interface SatEntry {
  clave: string;
  descripcion: string;
}

export const CLAVES_PROD_SERV: readonly SatEntry[] = [
  { clave: '01010101', descripcion: 'No existe en el catálogo' },
  { clave: '72101500', descripcion: 'Servicios de apoyo para la construcción' },
  { clave: '72101507', descripcion: 'Servicio de mantenimiento de edificios' },
  { clave: '72102900', descripcion: 'Servicios de mantenimiento y reparación de instalaciones' },
  { clave: '72102100', descripcion: 'Servicios de control de plagas' },
  { clave: '72151500', descripcion: 'Servicios de sistemas eléctricos' },
  { clave: '70111700', descripcion: 'Parques, jardines y huertos' },
  { clave: '76111500', descripcion: 'Servicios de limpieza de edificios generales y de oficinas' },
  { clave: '76111501', descripcion: 'Servicio de limpieza de edificios' },
  { clave: '76121500', descripcion: 'Recolección de basura' },
  { clave: '80131500', descripcion: 'Alquiler y arrendamiento de propiedades o edificaciones' },
  { clave: '80131502', descripcion: 'Alquiler de propiedades residenciales' },
  { clave: '80131800', descripcion: 'Servicios de administración inmobiliaria' },
  { clave: '80161500', descripcion: 'Servicios de apoyo gerencial' },
  { clave: '80161501', descripcion: 'Servicios de administración de oficinas' },
  { clave: '81112200', descripcion: 'Mantenimiento y soporte de software' },
  { clave: '83101500', descripcion: 'Servicios de acueductos y suministro de agua' },
  { clave: '83101800', descripcion: 'Servicios de electricidad' },
  { clave: '84111500', descripcion: 'Servicios contables' },
  { clave: '84111506', descripcion: 'Servicios de facturación' },
  { clave: '90111800', descripcion: 'Servicios de alojamiento en habitaciones' },
  { clave: '90101600', descripcion: 'Servicios de banquetes y catering' },
  { clave: '92121500', descripcion: 'Servicios de guardias' },
  { clave: '92121504', descripcion: 'Servicios de guardias de seguridad' },
  { clave: '92121700', descripcion: 'Servicios de sistemas de seguridad' },
  { clave: '93161700', descripcion: 'Administración tributaria' },
];

export const CLAVES_UNIDAD: readonly SatEntry[] = [
  { clave: 'E48', descripcion: 'Unidad de servicio' },
  { clave: 'ACT', descripcion: 'Actividad' },
  { clave: 'H87', descripcion: 'Pieza' },
  { clave: 'MON', descripcion: 'Mes' },
  { clave: 'DAY', descripcion: 'Día' },
  { clave: 'HUR', descripcion: 'Hora' },
  { clave: 'ANN', descripcion: 'Año' },
  { clave: 'MTK', descripcion: 'Metro cuadrado' },
  { clave: 'MTQ', descripcion: 'Metro cúbico' },
  { clave: 'KWH', descripcion: 'Kilowatt hora' },
  { clave: 'LTR', descripcion: 'Litro' },
  { clave: 'XUN', descripcion: 'Unidad' },
  { clave: 'C62', descripcion: 'Uno' },
];
