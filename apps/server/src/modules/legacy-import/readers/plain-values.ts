import { type NativeAttributeValue, NumberValueImpl, unmarshall } from '@aws-sdk/util-dynamodb';
import type { dom } from 'ion-js';

/**
 * One item as plain values, whichever format it came in (decision 0127): strings, numbers,
 * booleans, null, arrays and objects. DynamoDB's sets become arrays (the legacy's lists and
 * sets mean the same to the app), and binary values Uint8Arrays.
 */
export type PlainValue =
  string | number | boolean | null | Uint8Array | PlainValue[] | { [key: string]: PlainValue };
export type PlainItem = { [key: string]: PlainValue };

/** A legacy number as a double, refused when a double cannot hold it exactly (never rounded). */
function exactNumber(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || (Number.isInteger(n) && !Number.isSafeInteger(n)))
    throw new Error(`The number ${text} cannot be held exactly`);
  return n;
}

function plain(value: NativeAttributeValue): PlainValue {
  if (value === undefined || value === null) return null;
  if (value instanceof NumberValueImpl) return exactNumber(value.toString());
  if (value instanceof Set) return [...value].map(plain);
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value as string | number | boolean;
}

/**
 * A DYNAMODB_JSON item (`{"attr": {"S": "…"}, …}`) through the AWS SDK's own converter, its
 * numbers kept as text (`wrapNumbers`) so that one a double cannot hold exactly throws, and is
 * reported by the caller as an unreadable line rather than imported rounded.
 */
export function fromDynamoDbJson(item: Record<string, unknown>): PlainItem {
  return plain(unmarshall(item as Parameters<typeof unmarshall>[0], { wrapNumbers: true })) as PlainItem;
}

/** An Ion value (`ion-js`'s DOM) as a plain value: the same as the DYNAMODB_JSON path gives. */
export function fromIon(value: dom.Value): PlainValue {
  if (value.isNull()) return null;
  const type = value.getType().name;
  switch (type) {
    case 'bool':
      return value.booleanValue()!;
    case 'int':
    case 'float':
      return exactNumber(String(value.numberValue()));
    case 'decimal': {
      // From its digits and exponent: ion-js's own numberValue() multiplies and can be off in
      // the last digit (-41973.251 came out -41973.251000000004).
      const decimal = value.decimalValue()!;
      const sign = decimal.isNegative() && decimal.getCoefficient() === 0n ? '-' : '';
      return exactNumber(`${sign}${decimal.getCoefficient()}e${decimal.getExponent()}`);
    }
    case 'string':
    case 'symbol':
      return value.stringValue()!;
    case 'blob':
    case 'clob':
      return value.uInt8ArrayValue()!;
    case 'list':
    case 'sexp':
      // A set is a list annotated $dynamodb_SS/NS/BS: to the app it is the list.
      return [...(value as dom.List)].map(fromIon);
    case 'struct':
      return Object.fromEntries(value.fieldNames().map((name) => [name, fromIon(value.get(name)!)]));
    default:
      throw new Error(`An Ion ${type} is not a DynamoDB value`);
  }
}
