import type { PublicReport, Report } from '@preffy/api';

/** A report with known figures, as the server would send it (tests only). */
export const publicReport: PublicReport = {
  competition: {
    id: 'c1',
    name: 'Summer Song',
    organizer: 'Ann Artist',
    image: null,
    startDate: Date.UTC(2026, 5, 1, 19),
    endDate: Date.UTC(2026, 5, 15, 19),
    platforms: ['tiktok', 'youtube'],
  },
  totals: { posts: 12, creators: 9, views: 1234567, likes: 4321, comments: 210, shares: 55 },
  viewsOverTime: {
    step: 'day',
    points: [
      { day: '2026-06-01', views: 1000 },
      { day: '2026-06-02', views: 5000 },
    ],
  },
  topPosts: [
    {
      id: 'p1',
      creator: 'dancer',
      platform: 'tiktok',
      link: 'https://www.tiktok.com/@dancer/video/7301234567890123456',
      views: 900000,
      likes: 3000,
      comments: 100,
      shares: 40,
      postedDate: null,
    },
  ],
  byPlatform: [
    { key: 'tiktok', posts: 10, views: 1200000 },
    { key: 'youtube', posts: 2, views: 34567 },
  ],
  byCountry: [
    { key: 'US', posts: 8, views: 1000000 },
    { key: '', posts: 4, views: 234567 },
  ],
  leaderboard: [{ rank: 1, creator: 'dancer', platform: 'tiktok', views: 900000, likes: 3000 }],
  winners: [{ creator: 'dancer', platform: 'tiktok', prizeLabel: '1st Place', prize: 200 }],
  prizeTotal: 350,
  generatedAt: Date.UTC(2026, 5, 16, 12),
  timeZone: 'UTC',
};

export const money: NonNullable<Report['money']> = {
  invoiceAmount: 1000,
  paid: 200,
  owed: 150,
  payments: [
    { creator: 'dancer', platform: 'tiktok', paymentEmail: 'pay@dancer.test', amount: 200, status: 'Paid' },
    {
      creator: 'singer',
      platform: 'youtube',
      paymentEmail: 'pay@singer.test',
      amount: 150,
      status: 'To Be Paid',
    },
  ],
};

/** The same competition before anyone entered: every list empty, every total 0. */
export const emptyReport: PublicReport = {
  ...publicReport,
  totals: { posts: 0, creators: 0, views: 0, likes: 0, comments: 0, shares: 0 },
  viewsOverTime: { step: 'day', points: [] },
  topPosts: [],
  byPlatform: [],
  byCountry: [],
  leaderboard: [],
  winners: [],
};
