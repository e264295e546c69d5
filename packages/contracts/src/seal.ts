import { defineErrors } from './errors';

/** The seal's public endpoints: the built-in time-stamping authority and the local CA certificate. */
export const SealErrors = defineErrors({
  /** POST /tsa with a body that is not an RFC 3161 query. */
  TSA_QUERY_REQUIRED: { status: 415, message: 'Send a DER TimeStampReq with the content type application/timestamp-query.' },
  /** TSA_URL is set: the built-in time-stamping authority is off. */
  TSA_NOT_IN_USE: { status: 404, message: 'This installation uses an external time-stamping authority.' },
  /** The seal's key comes from configuration and time-stamps from an external authority: there is no local CA. */
  LOCAL_CA_NOT_IN_USE: { status: 404, message: 'This installation has no local certificate authority.' },
});
