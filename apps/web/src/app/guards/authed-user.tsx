import type { User } from '@lexserve/contracts/users';
import { createContext, useContext } from 'react';

/** The signed-in user, available below <RequireAuth>. */
export const AuthedUserContext = createContext<User | null>(null);

export const useAuthedUser = (): User => {
  const user = useContext(AuthedUserContext);
  if (!user) throw new Error('useAuthedUser must be used below <RequireAuth>');
  return user;
};
