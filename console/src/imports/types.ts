// An import job as the API answers it, and the words of its type, mode and status.
import type { components } from '../../../clients/typescript/src/openapi';

export type ImportJob = components['schemas']['ImportJob'];
export type ImportType = ImportJob['type'];
export type ImportMode = ImportJob['mode'];
export type ImportStatus = ImportJob['status'];
