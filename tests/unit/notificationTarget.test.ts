// Where opening a notification navigates (relative to /condominio), by Modulo and Props (spec §3.3, §4).
import { describe, expect, it } from 'vitest';
import { notificationTarget } from '../../src/api/notifications';

describe('notificationTarget', () => {
  it.each([
    ['publicacion', '{"postID":12}', '/comunicacion/ver-publicacion/12'],
    ['publicacion', '{"postID":"7"}', '/comunicacion/ver-publicacion/7'],
    ['encuesta', '{"pollID":3}', '/comunicacion/encuestas?PollId=3'],
    ['instalacion', '{"facilityID":4}', '/comunicacion/instalaciones/mostrar/4'],
    ['instalacion', '{"facilityID":4,"reservationId":31}', '/comunicacion/instalaciones/mostrar/4?reservacion=31'],
    ['instalacion', '{"facilityID":4,"reservationId":"x"}', '/comunicacion/instalaciones/mostrar/4'],
    ['ticket', '{"classificationId":5,"taskID":9,"SectId":2}', '/comunicacion/tickets-administrador/2?ticket=9'],
    ['mensaje', '{"conversationId":14,"SectId":5}', '/comunicacion/comunicacion-interpersonal/5?conversacion=14'],
    ['invitados', '{}', '/mis-invitados'],
    ['pago', '{"checkoutId":41}', '/financiero/pago/41'],
    ['asamblea', '{"assemblyId":7}', '/asambleas?id=7'],
  ])('%s with %s opens %s', (Modulo, Props, target) => {
    expect(notificationTarget({ Modulo, Props })).toBe(target);
  });

  it.each([
    ['publicacion', '{}'],
    ['publicacion', '{"postID":"12; drop"}'],
    ['publicacion', 'not json'],
    ['ticket', '{"classificationId":5}'],
    ['mensaje', '{"conversationId":14}'],
    ['pago', '{}'],
    ['pago', '{"checkoutId":"41/../x"}'],
    ['asamblea', '{}'],
    ['desconocido', '{"postID":1}'],
  ])('%s with %s opens nothing', (Modulo, Props) => {
    expect(notificationTarget({ Modulo, Props })).toBeNull();
  });
});
