import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { castQuery, localNetwork, queryKeys } from '../api/local-network.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Sheet } from '../components/Sheet.tsx';
import { EmbedList } from '../feed/EmbedList.tsx';
import type { ComposeDraft, ComposedCast } from '../sheets/host-sheets.ts';

interface Props {
  draft: ComposeDraft;
  /** Who casts: the signed-in user. */
  fid: number;
  apiUrl: string;
  onDone: (cast: ComposedCast | null) => void;
}

/** Whom a reply answers: the parent's author once the local network has it, else the parent's hash. */
function ReplyingTo({ hash, apiUrl }: { hash: string; apiUrl: string }) {
  const parent = useQuery(castQuery(apiUrl, hash));
  return (
    <p className="muted sheet-line">
      {parent.data ? `Replying to @${parent.data.author.username}` : `Replying to cast ${hash}`}
    </p>
  );
}

/** The client's composer: the mini-app's suggested cast, editable, published to the local network. */
export function ComposeSheet({ draft, fid, apiUrl, onDone }: Props) {
  const { embeds = [], parent, channelKey } = draft;
  const [text, setText] = useState(draft.text ?? '');
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: () =>
      localNetwork.publishCast(apiUrl, { fid, text, embeds, ...(parent ? { parentHash: parent.hash } : {}) }),
    onSuccess: ({ hash }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.allFeeds });
      onDone({ hash, text, embeds, ...(parent ? { parent } : {}), ...(channelKey ? { channelKey } : {}) });
    },
  });
  const empty = text.trim() === '' && embeds.length === 0;

  return (
    <Sheet title={parent ? 'Reply' : 'New cast'} testId="compose-sheet">
      {parent ? <ReplyingTo hash={parent.hash} apiUrl={apiUrl} /> : null}
      {channelKey ? <p className="muted sheet-line">In channel /{channelKey}</p> : null}
      <textarea
        className="compose-text"
        aria-label="Cast text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={4}
        maxLength={1024}
      />
      <EmbedList embeds={embeds} apiUrl={apiUrl} />
      <ErrorNote error={publish.error} trying="Could not cast" />
      <div className="sheet-actions">
        <button type="button" className="button-secondary" onClick={() => onDone(null)} disabled={publish.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="button-primary"
          onClick={() => publish.mutate()}
          disabled={empty || publish.isPending}
        >
          {publish.isPending ? 'Casting…' : 'Cast'}
        </button>
      </div>
    </Sheet>
  );
}
