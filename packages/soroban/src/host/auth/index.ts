/** Authorization: the manager, its frames, and recorded entries. */

export { HOST_AUTHORIZATION } from './layer.js';
export {
  type AuthFrame,
  AuthorizationManager,
  type AuthSnapshot,
  type RecordedAuthPayload,
  randomNonce,
} from './manager.js';
export { nonceKey } from './nonces.js';
export { recordedAuthEntry } from './recorded.js';
