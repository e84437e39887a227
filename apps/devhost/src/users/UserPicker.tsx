import type { LocalUser } from '@fartwin/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localNetwork, queryKeys } from '../api/local-network.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';

/** The option that makes a fresh account. */
const NEW_USER = 'new';

interface Props {
  users: LocalUser[];
  selectedFid: number | null;
  apiUrl: string;
  onSelect: (fid: number) => void;
}

/** Who is signed in: one of the local network's people, or a new one made on the spot. */
export function UserPicker({ users, selectedFid, apiUrl, onSelect }: Props) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => localNetwork.createUser(apiUrl),
    onSuccess: (user) => {
      // Listed at once, so the picker can select them before the list is read again.
      queryClient.setQueryData<LocalUser[]>(queryKeys.users, (listed = []) => [...listed, user]);
      onSelect(user.fid);
    },
  });

  return (
    <div className="user-picker">
      <label>
        Signed in as{' '}
        <select
          data-testid="user-picker"
          value={create.isPending ? NEW_USER : (selectedFid ?? '')}
          disabled={create.isPending}
          onChange={(event) => {
            if (event.target.value === NEW_USER) create.mutate();
            else onSelect(Number(event.target.value));
          }}
        >
          {users.map((user) => (
            <option key={user.fid} value={user.fid}>
              @{user.username} (fid {user.fid})
            </option>
          ))}
          <option value={NEW_USER}>{create.isPending ? 'Creating a new user…' : '+ New user'}</option>
        </select>
      </label>
      <ErrorNote error={create.error} trying="Could not create a user" />
    </div>
  );
}
