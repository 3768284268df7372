import {
  BadGateway,
  BadRequest,
  Conflict,
  FeathersError,
  Forbidden,
  GeneralError,
  Gone,
  LengthRequired,
  MethodNotAllowed,
  NotAcceptable,
  NotAuthenticated,
  NotFound,
  NotImplemented,
  PaymentError,
  TooManyRequests,
  Timeout,
  Unavailable,
  Unprocessable,
} from '@feathersjs/errors'
import type { i18n } from 'i18next'
import { createI18n } from '../i18n/createI18n'
import type { MessageParams } from '../i18n/types'
import type { ErrorName } from './catalogue'
import { errorData } from './data'

/** The Feathers error class of every catalogue name. */
export const ERROR_CLASSES: Record<ErrorName, new (message?: string, data?: unknown) => FeathersError> = {
  BadRequest,
  NotAuthenticated,
  PaymentError,
  Forbidden,
  NotFound,
  MethodNotAllowed,
  NotAcceptable,
  Timeout,
  Conflict,
  Gone,
  LengthRequired,
  Unprocessable,
  TooManyRequests,
  GeneralError,
  NotImplemented,
  BadGateway,
  Unavailable,
}

// Created on first use only, so importing this module has no side effects.
let english: i18n | undefined

/**
 * A Feathers error of type `name` whose `data` is `{ key, params }`; its message is the English
 * text of `key` (for logs and clients without i18n), unless `message` is given.
 */
export function createError(name: ErrorName, key: string, params: MessageParams = {}, message?: string): FeathersError {
  english ??= createI18n({ lng: 'en' })
  const text = message ?? english.t(key, params)
  return new ERROR_CLASSES[name](text, errorData(key, params))
}
