import { unseenInquiriesCount } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client.ts';

// Apart from the rest of the inquiries' API (inquiries.ts), whose contract loads the phone
// metadata: the sidebar badge is on every signed-in page.

/** Under the feature's key (inquiriesKeys.all), so its writes refresh the badge too. */
export const UNSEEN_COUNT_KEY = ['inquiries', 'unseen-count'] as const;

/** How many inquiries are Unseen (the sidebar badge); read again every minute. */
export const useUnseenCount = (enabled: boolean) =>
  useQuery({
    queryKey: UNSEEN_COUNT_KEY,
    queryFn: () => call(unseenInquiriesCount, {}),
    refetchInterval: 60_000,
    enabled,
  });
