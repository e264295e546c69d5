/**
 * The signed-in shell's chunk, with MUI (router.tsx). The login page starts loading it as the user submits, so that
 * it arrives while the password is checked instead of after (the public pages themselves load no MUI).
 */
export const loadAppShell = () => import('./app-shell');
