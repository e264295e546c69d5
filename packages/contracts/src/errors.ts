/**
 * Every non-2xx body has this shape; validation failures carry a list in `detail`. Types only (no zod here): the
 * web app's first pages read the error catalogue below without loading the schema library (docs/performance.md).
 */
export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };
export type ApiError = { detail: string | ValidationIssue[]; code?: string; request_id?: string };

/** An entry of the error catalogue: the code the client switches on, its HTTP status, the user's words. */
export type ErrorDef = { code: string; status: number; message: string };

/** Declares a domain's catalogue; the key becomes the code. */
export const defineErrors = <K extends string>(defs: Record<K, { status: number; message: string }>) =>
  Object.fromEntries(Object.entries(defs).map(([code, d]) => [code, { code, ...(d as object) }])) as Record<
    K,
    ErrorDef
  >;

/** Errors any call may answer with. */
export const CommonErrors = defineErrors({
  /** No bearer token, or it is malformed, expired or revoked. */
  AUTH_REQUIRED: { status: 401, message: 'Authentication required. Please log in.' },
  /** Token valid but expired. */
  TOKEN_EXPIRED: { status: 401, message: 'Authentication failed. Your session may have expired.' },
  /** A signed token whose session was ended (logout, password change) or reached its absolute end. */
  SESSION_ENDED: { status: 401, message: 'Your session has ended. Please log in again.' },
  /** The actor's role may not perform the action. */
  FORBIDDEN: {
    status: 403,
    message: 'Access forbidden. You may not have permission to perform this action.',
  },
  /** Admin-only calls answered to other roles. */
  ADMIN_REQUIRED: { status: 403, message: 'Access denied. Admin privileges required.' },
  /** Unknown route. */
  NOT_FOUND: { status: 404, message: 'Not found.' },
  /** Rate limit reached. */
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  /** Body is not valid JSON or has the wrong content type. */
  BAD_REQUEST: { status: 400, message: 'The request could not be read. Please check its format.' },
  /** Anything unexpected. */
  INTERNAL: { status: 500, message: 'Server error. Please try again later.' },
  /** A value the database cannot hold (a number out of range, a NUL character): caught before it becomes a 500. */
  VALUE_NOT_STORABLE: {
    status: 422,
    message: 'A value is out of range or contains characters that cannot be stored.',
  },
});

export const AuthErrors = defineErrors({
  /** Wrong e-mail or password. */
  INVALID_CREDENTIALS: {
    status: 401,
    message: 'Invalid email or password. Please check your credentials and try again.',
  },
  /** The user is deactivated. */
  ACCOUNT_INACTIVE: {
    status: 403,
    message: 'Account access denied. Your account may be suspended or inactive.',
  },
  /** The user's firm is deactivated: login, refresh and every call are refused. */
  FIRM_INACTIVE: {
    status: 403,
    message: "Access denied. Your firm's account has been deactivated. Please contact LexServe support.",
  },
  /** The user's branch is deactivated (branch administrators and legal practitioners of that branch). */
  BRANCH_INACTIVE: {
    status: 403,
    message: 'Access denied. Your branch has been deactivated. Please contact your firm administrator.',
  },
  /** Too many login attempts from one address. */
  LOGIN_RATE_LIMITED: {
    status: 429,
    message: 'Too many login attempts. Please wait a moment and try again.',
  },
  /** Refresh token unknown, expired, revoked or reused. */
  INVALID_REFRESH_TOKEN: { status: 401, message: 'Invalid or expired refresh token. Please log in again.' },
  /** Registration with an e-mail already used. */
  EMAIL_TAKEN: { status: 409, message: 'A user with this email already exists.' },
  /** Change password with a wrong current password. */
  WRONG_CURRENT_PASSWORD: { status: 401, message: 'Current password is incorrect.' },
  /** An e-mail (login) change without the current password. */
  EMAIL_CHANGE_PASSWORD_REQUIRED: {
    status: 422,
    message: 'Enter your current password to change your e-mail address.',
  },
  /** An e-mail (login) change with a wrong current password (400, not 401: the session itself is fine). */
  EMAIL_CHANGE_WRONG_PASSWORD: {
    status: 400,
    message: 'Current password is incorrect. Your e-mail address was not changed.',
  },
  /** Reset token unknown, used or expired. */
  RESET_LINK_INVALID: { status: 400, message: 'This reset link is invalid or has expired.' },
  /** A user created with a generated password (or invited) calls anything but /users/me, the password change or logout. */
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'Please change your password before continuing.' },
});

export const UserErrors = defineErrors({
  USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  USER_EMAIL_TAKEN: { status: 409, message: 'A user with this email already exists.' },
  PROFILE_EMAIL_TAKEN: {
    status: 409,
    message: 'Email address is already in use. Please choose a different email.',
  },
  USER_UPDATE_EMAIL_TAKEN: { status: 409, message: 'Email address is already in use by another user.' },
  USER_DELETE_CONFLICT: { status: 409, message: 'Cannot delete user. They may have associated records.' },
  USERS_LIST_FORBIDDEN: {
    status: 403,
    message: 'You do not have permission to view users. Please contact your administrator.',
  },
  USERS_CREATE_FORBIDDEN: { status: 403, message: 'You do not have permission to create users.' },
  SHERIFFS_FORBIDDEN: { status: 403, message: 'You do not have permission to view sheriffs.' },
  FIRM_USERS_FORBIDDEN: { status: 403, message: 'You do not have permission to create users for this firm.' },
  FIRM_DATA_NOT_FOUND: { status: 404, message: 'No firm data found. Please contact your administrator.' },
  OWN_ACCOUNT: {
    status: 403,
    message: 'You cannot modify your own account or do not have permission to modify this user.',
  },
  ACTIVATION_CONFLICT: {
    status: 409,
    message: 'Cannot perform this action. The user may have restrictions.',
  },
  /** A firm administrator updating or deleting another firm administrator (the system administrator's call). */
  FIRM_ADMIN_PROTECTED: {
    status: 409,
    message:
      'Firm administrators are managed by the LexServe system administrator. Please contact support to change this account.',
  },
  ROLE_CHANGE_CONFLICT: {
    status: 409,
    message: 'Role change not allowed. User may have restrictions or invalid role transition.',
  },
  BRANCH_NOT_IN_FIRM: { status: 422, message: 'The selected branch does not belong to your firm.' },
  PRACTITIONER_NEEDS_BRANCH: { status: 422, message: 'Branch ID is required for legal practitioners.' },
  /** A firm role (firm administrator, branch administrator, legal practitioner) without a firm. */
  FIRM_REQUIRED: { status: 422, message: 'A firm is required for firm roles.' },
});

export const FirmErrors = defineErrors({
  FIRM_NOT_FOUND: { status: 404, message: 'Firm not found.' },
  FIRM_NAME_TAKEN: { status: 400, message: 'A firm with this name already exists.' },
  FIRM_DELETE_CONFLICT: {
    status: 409,
    message: 'Cannot delete firm. It may have associated branches or users.',
  },
  FIRM_OF_USER_NOT_FOUND: { status: 404, message: 'No firm found for this user.' },
  BRANCH_NOT_FOUND: { status: 404, message: 'Branch not found.' },
  PRACTICE_NUMBER_TAKEN: { status: 400, message: 'A branch with this practice number already exists.' },
  /** Documents are served to a branch's address: it belongs to one branch only. */
  SERVICE_ADDRESS_TAKEN: {
    status: 409,
    message: 'This digital service address is already used by another branch. Choose another address.',
  },
  BRANCH_DELETE_CONFLICT: {
    status: 409,
    message: 'Cannot delete branch. It may have associated users or documents.',
  },
  BRANCH_BY_PRACTICE_NOT_FOUND: { status: 404, message: 'No branch found with this practice number.' },
  MAX_BRANCHES_REACHED: { status: 409, message: 'This firm has reached its maximum number of branches.' },
});
