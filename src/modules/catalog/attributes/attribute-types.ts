// The twelve attribute types and what each can do: the searchable, filterable and sortable sets below are the
// rule (`is_searchable` or `is_filterable` on another type is a 422; docs/decisions/catalog-taxonomy.md, Attributes).
import type { AttributeType } from '../../../db/schema.js';

export const ATTRIBUTE_TYPES = [
  'text',
  'number',
  'boolean',
  'date',
  'select',
  'multiselect',
  'color',
  'image',
  'url',
  'email',
  'phone',
  'json',
] as const satisfies readonly AttributeType[];

export interface AttributeTypeMeta {
  value: AttributeType;
  label: string;
  has_options: boolean;
  is_searchable: boolean;
  is_filterable: boolean;
  is_sortable: boolean;
  /** The form control a client should render. */
  input_type: string;
  /** The checks every value of the type passes, in rule notation. */
  default_validation: string[];
}

const SEARCHABLE: ReadonlySet<AttributeType> = new Set(['text', 'select', 'multiselect']);
const FILTERABLE: ReadonlySet<AttributeType> = new Set(['boolean', 'select', 'multiselect', 'color', 'number']);
const SORTABLE: ReadonlySet<AttributeType> = new Set(['text', 'number', 'date']);
const WITH_OPTIONS: ReadonlySet<AttributeType> = new Set(['select', 'multiselect']);

const DESCRIPTIONS: Record<AttributeType, { label: string; input_type: string; default_validation: string[] }> = {
  text: { label: 'Text', input_type: 'text', default_validation: ['string', 'max:65535'] },
  number: { label: 'Number', input_type: 'number', default_validation: ['numeric'] },
  boolean: { label: 'Yes/No', input_type: 'checkbox', default_validation: ['boolean'] },
  date: { label: 'Date', input_type: 'date', default_validation: ['date_format:Y-m-d'] },
  select: { label: 'Dropdown', input_type: 'select', default_validation: ['in:options'] },
  multiselect: {
    label: 'Multiple select',
    input_type: 'multiselect',
    default_validation: ['array', 'distinct', 'in:options'],
  },
  color: { label: 'Color', input_type: 'color', default_validation: ['hex_color'] },
  image: { label: 'Image', input_type: 'image', default_validation: ['string', 'max:2048'] },
  url: { label: 'URL', input_type: 'url', default_validation: ['url:http,https', 'max:2048'] },
  email: { label: 'Email', input_type: 'email', default_validation: ['email', 'max:254'] },
  phone: { label: 'Phone', input_type: 'tel', default_validation: ['phone', 'min:5', 'max:30'] },
  json: { label: 'JSON', input_type: 'textarea', default_validation: ['json'] },
};

export const isSearchableType = (type: AttributeType) => SEARCHABLE.has(type);
export const isFilterableType = (type: AttributeType) => FILTERABLE.has(type);
export const isSortableType = (type: AttributeType) => SORTABLE.has(type);
export const hasOptions = (type: AttributeType) => WITH_OPTIONS.has(type);

export function typeMeta(type: AttributeType): AttributeTypeMeta {
  const d = DESCRIPTIONS[type];
  return {
    value: type,
    label: d.label,
    has_options: hasOptions(type),
    is_searchable: isSearchableType(type),
    is_filterable: isFilterableType(type),
    is_sortable: isSortableType(type),
    input_type: d.input_type,
    default_validation: [...d.default_validation],
  };
}

export function attributeTypes(): AttributeTypeMeta[] {
  return ATTRIBUTE_TYPES.map(typeMeta);
}
