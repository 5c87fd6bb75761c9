import type { EmailStrings } from './strings.en.ts';

export const ru: EmailStrings = {
  greeting: 'Здравствуйте, {name}!',
  signoff: 'Команда Preffy',
  ignore: 'Если вы не ждали этого письма, просто проигнорируйте его.',
  unsubscribeText:
    'Вы получили это письмо, потому что участвовали в конкурсе Preffy. Отписаться в один клик: {url}',
  unsubscribeLink: 'Отписаться',
  unsubscribeHtml: 'Вы получили это письмо, потому что участвовали в конкурсе Preffy.',

  passwordResetSubject: 'Сброс пароля Preffy Admin',
  passwordResetBody:
    'Кто-то запросил сброс пароля для вашей учётной записи Preffy Admin. Ссылка работает один раз и действует 2 часа.',
  passwordResetAction: 'Выбрать новый пароль',
  invitationSubject: 'Вас пригласили в Preffy Admin',
  invitationBody:
    'Администратор создал для вас учётную запись Preffy Admin. Ссылка работает один раз и действует 7 дней.',
  invitationAction: 'Задать пароль',
  signInLinkSubject: 'Ваша ссылка для входа в Preffy Admin',
  signInLinkBody:
    'Используйте эту ссылку, чтобы войти в Preffy Admin. Она работает один раз и действует 24 часа.',
  signInLinkAction: 'Войти',

  winnerSubject: 'Вы победили в конкурсе {competition}!',
  winnerBody: 'Поздравляем! Ваше видео для «{competition}» ({organizer}) выиграло {prize}.',
  winnerStandardPayment: 'Приз будет одобрен в течение 1-2 рабочих дней и затем выплачен на {paymentEmail}.',
  winnerGenniPayment: 'Выплата занимает 3-5 рабочих дней и поступит на {paymentEmail}.',
  winnerPrizeBody:
    'Поздравляем! Ваше видео для «{competition}» ({organizer}) заняло {place} и выиграло приз {prize}.',
  winnerFeePayout: 'Вам будет выплачено {payout}: {sharePct}% приза после комиссии платформы {feePct}%.',
  winnerFullPayout: 'Вам будет выплачен весь приз, {payout}.',

  newCompetitionSubject: 'Новый конкурс: {competition} ({organizer})',
  newCompetitionBody:
    'Начался новый конкурс Preffy: «{competition}» ({organizer}), призовой фонд {prizeTotal}. Опубликуйте видео с этой песней, чтобы участвовать.',
  seeCompetition: 'Открыть конкурс',

  giveawaySubject: 'Раздача: {amount} следующим {creatorCount} авторам',
  giveawayBody:
    'Мы дадим {amount} каждому из следующих {creatorCount} авторов, которые опубликуют видео с «{competition}» ({organizer}).',
  enterNow: 'Участвовать',

  fancySubject: 'Призы на {amount}: {competition} ({organizer})',
  fancyBody: 'Снимите видео с «{competition}» ({organizer}) и выиграйте часть призового фонда {amount}.',
  promotionSubject: 'Получайте оплату за публикации: {competition}',
  promotionBody:
    'Авторы, публикующие видео с «{competition}» ({organizer}), получают оплату. В фонде осталось {amount}.',
  basicSubject: '{competition} ({organizer})',
  basicBody: 'Идёт конкурс: «{competition}» ({organizer}), призовой фонд {amount}.',

  reservationSubject: 'Дата забронирована: {date} для {organizer}',
  reservationBody:
    '{requester} забронировал(а) {date} для {organizer}. Песня: {song}. Сумма счёта: {amount}.',
  reservationDetails:
    'Территории: {territories}. Креативное задание: {creativeDirection}. Язык: {language}. Заметки: {notes}',
  holdConflictSubject: 'Конфликт бронирований на {date}',
  holdConflictBody:
    'Сейчас в бронированиях на {date} участвуют {count} человек: {holders}. Договоритесь, кому достанется дата.',

  disqualificationSubject: 'Дисквалификация публикации',
  disqualificationIntro: 'Ваша публикация {link} в конкурсе «{competition}» дисквалифицирована.',
  disqualificationGeneral:
    'Она не соответствует нашим правилам: песня должна быть хорошо слышна; контент должен быть оригинальным; это должно быть видео, а не мем; ничего неприемлемого; правильная аудиоверсия песни; никакого спама.',
  disqualificationCreative: 'Она не следует креативному заданию конкурса.',
  disqualificationVolume: 'Песня в видео звучит недостаточно громко.',
  disqualificationClosing: 'Вы можете опубликовать новое видео, соответствующее правилам.',

  inquiryAssignmentSubject: 'Вам назначен запрос: {inquirer}',
  inquiryAssignmentBody: '{assigner} назначил(а) вам запрос от {inquirer} ({inquirerEmail}).',
  openInquiry: 'Открыть запрос',

  yes: 'да',
  no: 'нет',
  none: 'нет',
};
