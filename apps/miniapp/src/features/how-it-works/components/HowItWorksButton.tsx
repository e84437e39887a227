import { useState } from 'react';
import { strings } from '../../../lib/strings.ts';
import { HowItWorksModal } from './HowItWorksModal.tsx';

/** The "?" of a chat header: it opens the "How Fartwin Works" modal (the modal's trigger is this app's choice). */
export function HowItWorksButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={strings.howItWorksOpen}
        title={strings.howItWorksOpen}
        onClick={() => setOpen(true)}
      >
        ?
      </button>
      <HowItWorksModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
