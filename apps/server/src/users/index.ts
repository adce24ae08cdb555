// The users domain's entry: what other domains use of it (lint refuses their reaching further in).
export {
  createUser,
  findUserById,
  findUserByLogin,
  listUsers,
  lockUser,
  restrictionsOf,
  setPasswordHash,
  setRestrictions,
  toUser,
  updateUser,
} from './users.repository.js';
