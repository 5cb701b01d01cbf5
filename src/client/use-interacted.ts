import {useEffect, useState} from 'react';
import {firstInteraction, hasInteracted} from './first-interaction';

/**
 * False until the reader first interacts with the page, then true for good (at once on later
 * mounts, e.g. after a client-side navigation).
 */
export function useInteracted(): boolean {
  const [yes, setYes] = useState(hasInteracted);
  useEffect(() => {
    if (yes) return;
    let live = true;
    void firstInteraction().then(() => {
      if (live) setYes(true);
    });
    return () => {
      live = false;
    };
  }, [yes]);
  return yes;
}
