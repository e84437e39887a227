import { useQuery } from '@tanstack/react-query';
import { loadAppConfigLazily } from '../../../lib/lazy-config.ts';

/** USDC's address on the app's network; null until the config is read, or when the network has none. */
export function useUsdcAddress(): string | null {
  const config = useQuery({
    queryKey: ['app-config'],
    queryFn: loadAppConfigLazily,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data?.contracts?.usdc ?? null;
}
