// The password reset e-mail, in the user's language (Spanish unless they chose English or French).
import type { OutgoingMail } from '../../infra/mail/mailer';
import { linkWithAddress, mailPage, paragraph } from '../shared/mailHtml';

export type MailLanguage = 'es' | 'en' | 'fr';

interface Words {
  subject: string;
  greeting: (name: string) => string;
  body: (minutes: number) => string;
  button: string;
  ignore: string;
}

const WORDS: Record<MailLanguage, Words> = {
  es: {
    subject: 'Restablece tu contraseña',
    greeting: (name) => `Hola, ${name}:`,
    body: (minutes) =>
      `Recibimos una solicitud para restablecer la contraseña de tu cuenta. Abre este enlace para elegir una nueva; vence en ${minutes} minutos y solo funciona una vez.`,
    button: 'Elegir una contraseña nueva',
    ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    body: (minutes) =>
      `We received a request to reset your account's password. Open this link to choose a new one; it expires in ${minutes} minutes and works only once.`,
    button: 'Choose a new password',
    ignore: 'If you did not ask for it, ignore this e-mail: your password does not change.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    greeting: (name) => `Bonjour ${name},`,
    body: (minutes) =>
      `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Ouvrez ce lien pour en choisir un nouveau ; il expire dans ${minutes} minutes et ne fonctionne qu’une fois.`,
    button: 'Choisir un nouveau mot de passe',
    ignore: 'Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe ne change pas.',
  },
};

export function passwordResetMail(
  language: MailLanguage,
  to: { email: string; name: string },
  link: string,
  minutes: number,
): OutgoingMail {
  const w = WORDS[language];
  const text = [w.greeting(to.name), '', w.body(minutes), '', link, '', w.ignore, ''].join('\n');
  const html = mailPage(language, [
    paragraph(w.greeting(to.name)),
    paragraph(w.body(minutes)),
    linkWithAddress(link, w.button),
    paragraph(w.ignore),
  ]);
  return { to: to.email, subject: w.subject, text, html };
}
