import type { EmailStrings } from './strings.en.ts';

export const de: EmailStrings = {
  greeting: 'Hallo {name},',
  signoff: 'Dein Preffy-Team',
  ignore: 'Wenn du diese E-Mail nicht erwartet hast, kannst du sie ignorieren.',
  unsubscribeText:
    'Du erhältst diese E-Mail, weil du an einem Preffy-Wettbewerb teilgenommen hast. Mit einem Klick abmelden: {url}',
  unsubscribeLink: 'Abmelden',
  unsubscribeHtml: 'Du erhältst diese E-Mail, weil du an einem Preffy-Wettbewerb teilgenommen hast.',

  passwordResetSubject: 'Setze dein Preffy-Admin-Passwort zurück',
  passwordResetBody:
    'Jemand hat das Zurücksetzen des Passworts für dein Preffy-Admin-Konto angefordert. Der Link funktioniert einmal und läuft in 2 Stunden ab.',
  passwordResetAction: 'Neues Passwort wählen',
  invitationSubject: 'Du wurdest zu Preffy Admin eingeladen',
  invitationBody:
    'Ein Administrator hat ein Preffy-Admin-Konto für dich angelegt. Der Link funktioniert einmal und läuft in 7 Tagen ab.',
  invitationAction: 'Passwort festlegen',
  signInLinkSubject: 'Dein Anmeldelink für Preffy Admin',
  signInLinkBody:
    'Mit diesem Link meldest du dich bei Preffy Admin an. Er funktioniert einmal und läuft in 24 Stunden ab.',
  signInLinkAction: 'Anmelden',

  winnerSubject: 'Du hast im Wettbewerb {competition} gewonnen!',
  winnerBody: 'Glückwunsch! Dein Video zu „{competition}“ von {organizer} hat {prize} gewonnen.',
  winnerStandardPayment:
    'Dein Preis wird in 1-2 Werktagen freigegeben und dann an {paymentEmail} ausgezahlt.',
  winnerGenniPayment: 'Die Auszahlung dauert 3-5 Werktage und geht an {paymentEmail}.',
  winnerPrizeBody:
    'Glückwunsch! Dein Video zu „{competition}“ von {organizer} hat {place} gewonnen, einen Preis von {prize}.',
  winnerFeePayout: 'Ausgezahlt werden {payout}: {sharePct} % des Preises, nach {feePct} % Plattformgebühr.',
  winnerFullPayout: 'Ausgezahlt wird der volle Preis, {payout}.',

  newCompetitionSubject: 'Neuer Wettbewerb: {competition} von {organizer}',
  newCompetitionBody:
    'Ein neuer Preffy-Wettbewerb hat begonnen: „{competition}“ von {organizer} mit {prizeTotal} an Preisen. Poste ein Video mit dem Song, um teilzunehmen.',
  seeCompetition: 'Zum Wettbewerb',

  giveawaySubject: 'Verlosung: {amount} für die nächsten {creatorCount} Creator',
  giveawayBody:
    'Wir geben jedem der nächsten {creatorCount} Creator, die ein Video mit „{competition}“ von {organizer} posten, {amount}.',
  enterNow: 'Jetzt teilnehmen',

  fancySubject: '{amount} an Preisen: {competition} von {organizer}',
  fancyBody:
    'Erstelle ein Video mit „{competition}“ von {organizer} und gewinne einen Anteil an {amount} Preisgeld.',
  promotionSubject: 'Für Posts bezahlt werden: {competition}',
  promotionBody:
    'Creator, die mit „{competition}“ von {organizer} posten, werden bezahlt. Im Topf sind noch {amount}.',
  basicSubject: '{competition} von {organizer}',
  basicBody: 'Ein Wettbewerb ist offen: „{competition}“ von {organizer} mit {amount} an Preisen.',

  reservationSubject: 'Datum reserviert: {date} für {organizer}',
  reservationBody:
    '{requester} hat den {date} für {organizer} reserviert. Song: {song}. Rechnungsbetrag: {amount}.',
  reservationDetails:
    'Gebiete: {territories}. Kreative Vorgaben: {creativeDirection}. Sprache: {language}. Notizen: {notes}',
  holdConflictSubject: 'Reservierungskonflikt am {date}',
  holdConflictBody:
    'Am {date} sind jetzt {count} Personen an Reservierungen beteiligt: {holders}. Bitte klärt, wer das Datum bekommt.',

  disqualificationSubject: 'Disqualifizierung des Beitrags',
  disqualificationIntro: 'Dein Beitrag {link} im Wettbewerb „{competition}“ wurde disqualifiziert.',
  disqualificationGeneral:
    'Er entspricht nicht unseren Richtlinien: Der Song muss deutlich zu hören sein; der Inhalt muss original sein; es muss ein Video sein, kein Meme; nichts Unangemessenes; die richtige Audioversion des Songs; kein Spam.',
  disqualificationCreative: 'Er folgt nicht den kreativen Vorgaben des Wettbewerbs.',
  disqualificationVolume: 'Der Song ist im Video nicht laut genug.',
  disqualificationClosing: 'Du kannst gern ein neues Video posten, das die Richtlinien erfüllt.',

  inquiryAssignmentSubject: 'Dir zugewiesene Anfrage: {inquirer}',
  inquiryAssignmentBody: '{assigner} hat dir die Anfrage von {inquirer} ({inquirerEmail}) zugewiesen.',
  openInquiry: 'Anfrage öffnen',

  yes: 'ja',
  no: 'nein',
  none: 'keine',
};
