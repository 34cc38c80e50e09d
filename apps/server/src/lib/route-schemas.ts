import { ZErrorResponse } from '@nexusplay/contract/errors';

/** The failures an admin write can answer with, for the OpenAPI document and serialisation. */
export const WRITE_ERROR_RESPONSES = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
} as const;

export const BEARER = [{ bearerAuth: [] }];
