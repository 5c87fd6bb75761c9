import type { EmailStrings } from './strings.en.ts';

export const it: EmailStrings = {
  greeting: 'Ciao {name},',
  signoff: 'Il team di Preffy',
  ignore: 'Se non ti aspettavi questa email, puoi ignorarla.',
  unsubscribeText:
    'Ricevi questa email perché hai partecipato a una competizione Preffy. Annulla l’iscrizione con un clic: {url}',
  unsubscribeLink: 'Annulla l’iscrizione',
  unsubscribeHtml: 'Ricevi questa email perché hai partecipato a una competizione Preffy.',

  passwordResetSubject: 'Reimposta la password di Preffy Admin',
  passwordResetBody:
    'Qualcuno ha chiesto di reimpostare la password del tuo account Preffy Admin. Il link funziona una sola volta e scade tra 2 ore.',
  passwordResetAction: 'Scegli una nuova password',
  invitationSubject: 'Sei stato invitato su Preffy Admin',
  invitationBody:
    'Un amministratore ha creato per te un account Preffy Admin. Il link funziona una sola volta e scade tra 7 giorni.',
  invitationAction: 'Imposta la password',
  signInLinkSubject: 'Il tuo link di accesso a Preffy Admin',
  signInLinkBody: 'Usa questo link per accedere a Preffy Admin. Funziona una sola volta e scade tra 24 ore.',
  signInLinkAction: 'Accedi',

  winnerSubject: 'Hai vinto nella competizione {competition}!',
  winnerBody: 'Congratulazioni! Il tuo video per "{competition}" di {organizer} ha vinto {prize}.',
  winnerStandardPayment: 'Il premio sarà approvato in 1-2 giorni lavorativi e poi pagato a {paymentEmail}.',
  winnerGenniPayment: 'Il pagamento richiede 3-5 giorni lavorativi e arriverà a {paymentEmail}.',
  winnerPrizeBody:
    'Congratulazioni! Il tuo video per "{competition}" di {organizer} ha vinto {place}, un premio di {prize}.',
  winnerFeePayout:
    'Riceverai {payout}: il {sharePct}% del premio, dopo la commissione della piattaforma del {feePct}%.',
  winnerFullPayout: 'Riceverai il premio intero, {payout}.',

  newCompetitionSubject: 'Nuova competizione: {competition} di {organizer}',
  newCompetitionBody:
    'È iniziata una nuova competizione Preffy: "{competition}" di {organizer}, con {prizeTotal} in premi. Pubblica un video con la canzone per partecipare.',
  seeCompetition: 'Vedi la competizione',

  giveawaySubject: 'Giveaway: {amount} per i prossimi {creatorCount} creator',
  giveawayBody:
    'Diamo {amount} a ciascuno dei prossimi {creatorCount} creator che pubblicano un video con "{competition}" di {organizer}.',
  enterNow: 'Partecipa ora',

  fancySubject: '{amount} in premi: {competition} di {organizer}',
  fancyBody: 'Crea un video con "{competition}" di {organizer} e vinci una parte di {amount} in premi.',
  promotionSubject: 'Vieni pagato per pubblicare: {competition}',
  promotionBody:
    'I creator che pubblicano con "{competition}" di {organizer} vengono pagati. Nel montepremi restano {amount}.',
  basicSubject: '{competition} di {organizer}',
  basicBody: 'C’è una competizione aperta: "{competition}" di {organizer}, con {amount} in premi.',

  reservationSubject: 'Data riservata: {date} per {organizer}',
  reservationBody:
    '{requester} ha riservato il {date} per {organizer}. Canzone: {song}. Importo della fattura: {amount}.',
  reservationDetails:
    'Territori: {territories}. Direzione creativa: {creativeDirection}. Lingua: {language}. Note: {notes}',
  holdConflictSubject: 'Conflitto di prenotazioni il {date}',
  holdConflictBody:
    'Ora ci sono {count} persone coinvolte nelle prenotazioni del {date}: {holders}. Mettetevi d’accordo su chi tiene la data.',

  disqualificationSubject: 'Squalifica del post',
  disqualificationIntro: 'Il tuo post {link} nella competizione "{competition}" è stato squalificato.',
  disqualificationGeneral:
    'Non rispetta le nostre linee guida: la canzone deve sentirsi chiaramente; il contenuto deve essere originale; deve essere un video, non un meme; niente di inappropriato; la versione audio corretta della canzone; niente spam.',
  disqualificationCreative: 'Non segue la direzione creativa della competizione.',
  disqualificationVolume: 'La canzone non si sente abbastanza forte nel video.',
  disqualificationClosing: 'Puoi pubblicare un nuovo video che rispetti le linee guida.',

  inquiryAssignmentSubject: 'Richiesta assegnata a te: {inquirer}',
  inquiryAssignmentBody: '{assigner} ti ha assegnato la richiesta di {inquirer} ({inquirerEmail}).',
  openInquiry: 'Apri la richiesta',

  yes: 'sì',
  no: 'no',
  none: 'nessuno',
};
