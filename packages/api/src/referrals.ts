import { z } from 'zod';
import { idParams, versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';
import { reviewPostSchema } from './posts.ts';

export const referralSchema = z.object({ id: z.string(), referringLink: z.string(), createdAt: z.number() });

const { signedIn, staff } = endpointsOf(['referrals']);

export const referrals = {
  referralCreators: signedIn.get('/api/competitions/:id/referral-creators', {
    summary: "The creators of the competition's promotions (their creatorEmails), for the referral screens",
    params: idParams,
    ...pagedList(pageQuerySchema, z.object({ email: z.string() })),
  }),
  referrals: signedIn.get('/api/posts/:id/referrals', {
    summary: 'The links that referred to a post',
    params: idParams,
    ...pagedList(pageQuerySchema, referralSchema),
  }),
  resetReferrals: staff.post('/api/posts/:id/reset-referrals', {
    summary: 'Reset: bonusLikes to 0 and likes reduced by the former bonus',
    params: idParams,
    idempotent: true,
    body: versionBody,
    responses: { 200: z.object({ post: reviewPostSchema }) },
  }),
};
