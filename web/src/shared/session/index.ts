// The session kernel: who is signed in (the member and the admin), read wherever a page depends on it, and set at once
// after a sign-in or a sign-out. The pages that sign in and out are the account feature's.
export { meQuery, meQueryKey, setSessionUser, useMe } from './api/get-me';
