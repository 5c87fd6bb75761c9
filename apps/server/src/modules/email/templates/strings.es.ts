import type { EmailStrings } from './strings.en.ts';

export const es: EmailStrings = {
  greeting: 'Hola {name}:',
  signoff: 'El equipo de Preffy',
  ignore: 'Si no esperabas este correo, puedes ignorarlo.',
  unsubscribeText:
    'Recibes este correo porque participaste en una competición de Preffy. Date de baja con un clic: {url}',
  unsubscribeLink: 'Darme de baja',
  unsubscribeHtml: 'Recibes este correo porque participaste en una competición de Preffy.',

  passwordResetSubject: 'Restablece tu contraseña de Preffy Admin',
  passwordResetBody:
    'Alguien pidió restablecer la contraseña de tu cuenta de Preffy Admin. El enlace funciona una sola vez y caduca en 2 horas.',
  passwordResetAction: 'Elegir una contraseña nueva',
  invitationSubject: 'Te han invitado a Preffy Admin',
  invitationBody:
    'Un administrador creó una cuenta de Preffy Admin para ti. El enlace funciona una sola vez y caduca en 7 días.',
  invitationAction: 'Crear tu contraseña',
  signInLinkSubject: 'Tu enlace de acceso a Preffy Admin',
  signInLinkBody: 'Usa este enlace para entrar en Preffy Admin. Funciona una sola vez y caduca en 24 horas.',
  signInLinkAction: 'Entrar',

  winnerSubject: '¡Has ganado en la competición {competition}!',
  winnerBody: '¡Enhorabuena! Tu vídeo para "{competition}" de {organizer} ha ganado {prize}.',
  winnerStandardPayment: 'Tu premio se aprobará en 1-2 días hábiles y después se pagará a {paymentEmail}.',
  winnerGenniPayment: 'Tu pago tarda de 3 a 5 días hábiles y llegará a {paymentEmail}.',
  winnerPrizeBody:
    '¡Enhorabuena! Tu vídeo para "{competition}" de {organizer} ha ganado {place}, un premio de {prize}.',
  winnerFeePayout:
    'Se te pagarán {payout}: el {sharePct} % del premio, tras la comisión de la plataforma del {feePct} %.',
  winnerFullPayout: 'Se te pagará el premio completo, {payout}.',

  newCompetitionSubject: 'Nueva competición: {competition} de {organizer}',
  newCompetitionBody:
    'Ha empezado una nueva competición de Preffy: "{competition}" de {organizer}, con {prizeTotal} en premios. Publica un vídeo con la canción para participar.',
  seeCompetition: 'Ver la competición',

  giveawaySubject: 'Sorteo: {amount} para los próximos {creatorCount} creadores',
  giveawayBody:
    'Damos {amount} a cada uno de los próximos {creatorCount} creadores que publiquen un vídeo con "{competition}" de {organizer}.',
  enterNow: 'Participar ahora',

  fancySubject: '{amount} en premios: {competition} de {organizer}',
  fancyBody: 'Crea un vídeo con "{competition}" de {organizer} y gana parte de {amount} en premios.',
  promotionSubject: 'Cobra por publicar: {competition}',
  promotionBody:
    'Los creadores que publiquen con "{competition}" de {organizer} cobran. Quedan {amount} en el bote.',
  basicSubject: '{competition} de {organizer}',
  basicBody: 'Hay una competición abierta: "{competition}" de {organizer}, con {amount} en premios.',

  reservationSubject: 'Fecha reservada: {date} para {organizer}',
  reservationBody:
    '{requester} reservó el {date} para {organizer}. Canción: {song}. Importe de la factura: {amount}.',
  reservationDetails:
    'Territorios: {territories}. Dirección creativa: {creativeDirection}. Idioma: {language}. Notas: {notes}',
  holdConflictSubject: 'Conflicto de reservas el {date}',
  holdConflictBody:
    'Ahora hay {count} personas implicadas en reservas para el {date}: {holders}. Poneos de acuerdo sobre quién se queda la fecha.',

  disqualificationSubject: 'Descalificación de publicación',
  disqualificationIntro: 'Tu publicación {link} en la competición "{competition}" ha sido descalificada.',
  disqualificationGeneral:
    'No cumple nuestras normas de publicación: la canción debe oírse con claridad; el contenido debe ser original; debe ser un vídeo, no un meme; nada inapropiado; la versión de audio correcta de la canción; nada de spam.',
  disqualificationCreative: 'No sigue la dirección creativa de la competición.',
  disqualificationVolume: 'La canción no suena lo bastante alta en el vídeo.',
  disqualificationClosing: 'Puedes publicar un vídeo nuevo que cumpla las normas.',

  inquiryAssignmentSubject: 'Consulta asignada a ti: {inquirer}',
  inquiryAssignmentBody: '{assigner} te asignó la consulta de {inquirer} ({inquirerEmail}).',
  openInquiry: 'Abrir la consulta',

  yes: 'sí',
  no: 'no',
  none: 'ninguno',
};
