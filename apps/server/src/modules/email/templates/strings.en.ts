/**
 * English email text: the reference every other language must match key for key
 * (templates/strings.test.ts). {name} placeholders are filled in, HTML-escaped, by render.ts.
 */
export const en = {
  greeting: 'Hi {name},',
  signoff: 'The Preffy team',
  ignore: 'If you did not expect this email, you can ignore it.',
  unsubscribeText:
    'You get this email because you took part in a Preffy competition. Unsubscribe with one click: {url}',
  unsubscribeLink: 'Unsubscribe',
  unsubscribeHtml: 'You get this email because you took part in a Preffy competition.',

  passwordResetSubject: 'Reset your Preffy Admin password',
  passwordResetBody:
    'Someone asked to reset the password of your Preffy Admin account. The link works once and expires in 2 hours.',
  passwordResetAction: 'Choose a new password',
  invitationSubject: 'You are invited to Preffy Admin',
  invitationBody:
    'An administrator created a Preffy Admin account for you. The link works once and expires in 7 days.',
  invitationAction: 'Set your password',
  signInLinkSubject: 'Your Preffy Admin sign-in link',
  signInLinkBody: 'Use this link to sign in to Preffy Admin. It works once and expires in 24 hours.',
  signInLinkAction: 'Sign in',

  winnerSubject: 'You won in the {competition} competition!',
  winnerBody: 'Congratulations! Your video for "{competition}" by {organizer} won {prize}.',
  winnerStandardPayment: 'Your win will be approved within 1-2 business days, then paid to {paymentEmail}.',
  winnerGenniPayment: 'Your payment takes 3-5 business days and goes to {paymentEmail}.',
  winnerPrizeBody:
    'Congratulations! Your video for "{competition}" by {organizer} won {place}, a prize of {prize}.',
  winnerFeePayout: 'You will be paid {payout}: {sharePct}% of the prize, after the {feePct}% platform fee.',
  winnerFullPayout: 'You will be paid the full prize, {payout}.',

  newCompetitionSubject: 'New competition: {competition} by {organizer}',
  newCompetitionBody:
    'A new Preffy competition has started: "{competition}" by {organizer}, with {prizeTotal} in prizes. Post a video with the song to take part.',
  seeCompetition: 'See the competition',

  giveawaySubject: 'Giveaway: {amount} for the next {creatorCount} creators',
  giveawayBody:
    'We are giving {amount} to each of the next {creatorCount} creators who post a video with "{competition}" by {organizer}.',
  enterNow: 'Enter now',

  fancySubject: '{amount} in prizes: {competition} by {organizer}',
  fancyBody: 'Create a video with "{competition}" by {organizer} and win a share of {amount} in prizes.',
  promotionSubject: 'Get paid to post: {competition}',
  promotionBody:
    'Creators who post with "{competition}" by {organizer} get paid. {amount} is left in the pot.',
  basicSubject: '{competition} by {organizer}',
  basicBody: 'A competition is open: "{competition}" by {organizer}, with {amount} in prizes.',

  reservationSubject: 'Date reserved: {date} for {organizer}',
  reservationBody: '{requester} reserved {date} for {organizer}. Song: {song}. Invoice amount: {amount}.',
  reservationDetails:
    'Territories: {territories}. Creative direction: {creativeDirection}. Language: {language}. Notes: {notes}',
  holdConflictSubject: 'Hold conflict on {date}',
  holdConflictBody:
    '{count} people are now involved in holds for {date}: {holders}. Please agree who keeps the date.',

  disqualificationSubject: 'Post Disqualification',
  disqualificationIntro: 'Your post {link} in the "{competition}" competition was disqualified.',
  disqualificationGeneral:
    'It does not follow our post guidelines: the song must be clearly heard; the content must be original; it must be a video, not a meme; nothing inappropriate; the correct audio version of the song; no spam.',
  disqualificationCreative: "It does not follow the competition's creative direction.",
  disqualificationVolume: 'The song is not loud enough in the video.',
  disqualificationClosing: 'You are welcome to post a new video that follows the guidelines.',

  inquiryAssignmentSubject: 'Inquiry assigned to you: {inquirer}',
  inquiryAssignmentBody: '{assigner} assigned you the inquiry from {inquirer} ({inquirerEmail}).',
  openInquiry: 'Open the inquiry',

  yes: 'yes',
  no: 'no',
  none: 'none',
};

export type EmailStrings = typeof en;
