import { createContext, useContext } from 'react';

/** The battery of the twin a chat shows, as the chat settled it (the server's index, the chain's word on a death). */
export interface TwinBattery {
  isDead: boolean;
}

export const TwinBatteryContext = createContext<TwinBattery>({ isDead: false });

/** What the chat around says of its twin's battery: the parts under it need not read the chain again. */
export function useTwinBattery(): TwinBattery {
  return useContext(TwinBatteryContext);
}
