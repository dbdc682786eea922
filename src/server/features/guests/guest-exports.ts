import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { isPostgres } from '../../db/dialect.js';
import { jsonText, legDate } from '../../db/sql-fragments.js';
import { fieldColumn, type ExportColumn, type ExportSheet } from '../../exports/excel-export.js';
import { documentColumns, lastParsed } from '../../exports/document-columns.js';
import { currentSchema } from '../../http/live-schemas.js';
import { afterCreatedAtAndId, keysetRows, mapRows } from '../../exports/keyset-rows.js';
import type { DataProtection } from '../../security/data-protection.js';
import type { ManifestQuery } from '../../../generated/types.js';
import { guestExportRows, type GuestExportRow } from './guest-export-rows.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { HotelExports } from '../reception/hotel-exports.js';
import { consoleApiPaths } from '../../../shared/console-api.js';

interface Journey {
  pickUpNeeded?: boolean;
  transportMode?: string;
  number?: string;
  departureTime?: string;
  departurePlace?: string;
  arrivalTime?: string;
  arrivalPlace?: string;
}
interface Itinerary {
  arrival?: Journey;
  return?: Journey;
  hotel?: { kind?: string; hotelName?: string };
}
interface Reception {
  hotels?: { place?: string }[];
}

// the columns of one row read its itinerary one after the other: parse it once, not per cell
let lastItinerary: { text: string; parsed: Itinerary } | null = null;
const itineraryOf = (text: string | null | undefined): Itinerary => {
  if (!text) return {};
  if (lastItinerary?.text !== text) lastItinerary = { text, parsed: JSON.parse(text) as Itinerary };
  return lastItinerary.parsed;
};
const documentOf = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
const receptionOf = (value: string | null | undefined): Reception => (value ? (JSON.parse(value) as Reception) : {});
/** Guests the manifest and the stays list count: approved and not withdrawn from the summit. */
const TRAVELLING_STATUS = 'approved';
const WITHDRAWN = ['not-attending', 'cancelled'];

const PAGE = 1000;
/** The fields that name a guest or member lead their sheet's columns, so a person finds the row. */
const NAME_FIELDS = ['nameZh', 'nameEn'];

/** The row type of a query builder a method returns. */
type RowOf<Method extends (...args: never[]) => { execute(): Promise<unknown[]> }> = Awaited<
  ReturnType<ReturnType<Method>['execute']>
>[number];

/**
 * The guests' sheets of the console's workbooks. Every sheet reads the database page by page
 * and the writer commits each row, so memory does not grow with the row count (bench/export.ts):
 * keyset pages, as these lists grow with the edition.
 */
export class GuestExports {
  constructor(
    private readonly db: Db,
    /** mobiles are sealed in the documents: opened here (masking them is the answer layer's choice) */
    private readonly protection: DataProtection,
    /** the bundled schemas the document columns follow: the published version (a field a publish adds is a column), else codegen's */
    private readonly schemaOf: (name: 'guest' | 'entourage-member') => Record<string, unknown> = currentSchema,
  ) {}

  /**
   * The guests workbook: rows streamed by guestExportRows, one column per field of the guest
   * schema as it is now (documentColumns), then the review, attendance, journey and hotel.
   */
  guests(editionId: string): ExportSheet<GuestExportRow>[] {
    const guestDocumentOf = lastParsed();
    return [
      {
        nameKey: 'console.export.sheets.guests',
        rows: guestExportRows(this.db, editionId),
        columns: [
          ...documentColumns<GuestExportRow>(this.schemaOf('guest'), (r) => guestDocumentOf(r.document), {
            leading: NAME_FIELDS,
            afterLeading: [{ headerKey: 'console.export.columns.unit', width: 28, value: (r) => r.unit_name }],
            open: (value) => this.protection.open(value),
          }),
          fieldColumn('response-guest-summary', 'status', (r) => r.audit_status, { headerKey: 'console.export.columns.status' }),
          fieldColumn('invitation-code-batch', 'guestType', (r) => r.guest_type, { headerKey: 'console.export.columns.guestType' }),
          fieldColumn('response-guest-summary', 'attendance', (r) => r.attendance, { headerKey: 'console.export.columns.attendance' }),
          ...legColumns<GuestExportRow>({
            arrivalTime: (r) => r.arrival_time,
            arrivalPlace: (r) => r.arrival_place,
            returnTime: (r) => r.return_time,
            returnPlace: (r) => r.return_place,
          }),
          { headerKey: 'console.export.columns.hotel', width: 28, value: (r) => r.hotel_name ?? placedHotelOf(receptionOf(r.reception)) },
          { headerKey: 'console.export.columns.entourageCount', value: (r) => Number(r.entourage_count ?? 0) },
          { headerKey: 'console.export.columns.createdAt', width: 24, value: (r, read) => read.time(r.created_at) },
        ],
      },
    ];
  }

  memberQuery(editionId: string) {
    return this.db
      .selectFrom('entourage_members')
      .innerJoin('guests', 'guests.id', 'entourage_members.guest_id')
      .leftJoin('units', 'units.id', 'entourage_members.unit_id')
      .select([
        'entourage_members.id',
        'entourage_members.created_at',
        'entourage_members.name',
        'entourage_members.document',
        'entourage_members.itinerary',
        'guests.name as guest_name',
        'units.name as unit_name',
      ])
      .where('entourage_members.edition_id', '=', editionId);
  }

  /** `pageSize`: rows per keyset page (tests read several pages of a small edition) */
  entourage(editionId: string, pageSize = PAGE): ExportSheet<RowOf<GuestExports['memberQuery']>>[] {
    const memberDocumentOf = lastParsed();
    return [
      {
        nameKey: 'console.export.sheets.entourage',
        // keyset pages on entourage_listing (migration 0027)
        rows: keysetRows(
          (after, limit) =>
            this.memberQuery(editionId)
              .$if(after !== null, (q) => q.where(afterCreatedAtAndId('entourage_members', after!)))
              .orderBy('entourage_members.created_at')
              .orderBy('entourage_members.id')
              .limit(limit)
              .execute(),
          pageSize,
          isPostgres(this.db),
        ),
        columns: [
          { headerKey: 'console.export.columns.guest', value: (r) => r.guest_name },
          { headerKey: 'console.export.columns.unit', width: 28, value: (r) => r.unit_name },
          // every field of the member's schema as it is now
          ...documentColumns<RowOf<GuestExports['memberQuery']>>(this.schemaOf('entourage-member'), (r) => memberDocumentOf(r.document), {
            leading: NAME_FIELDS,
            open: (value) => this.protection.open(value),
          }),
          ...legColumns<RowOf<GuestExports['memberQuery']>>(journeyOf((r) => itineraryOf(r.itinerary))),
        ],
      },
    ];
  }

  /**
   * Who arrives (arrival leg, arrival place) or leaves (return leg, departure place) on a day:
   * guests first, then entourage members, each by time.
   */
  manifest(editionId: string, query: ManifestQuery): ExportSheet<ManifestRow>[] {
    const leg = query.direction === 'arrival' ? 'arrival' : 'return';
    const timeField = query.direction === 'arrival' ? 'arrivalTime' : 'departureTime';
    const placeField = query.direction === 'arrival' ? 'arrivalPlace' : 'departurePlace';
    const postgres = isPostgres(this.db);
    const db = this.db;
    const protection = this.protection;
    // a person of an approved guest still coming whose leg of the itinerary is on the day (and at the station asked)
    const travellingOnTheDay =
      (itinerary: 'guests.itinerary' | 'entourage_members.itinerary') => (eb: ExpressionBuilder<Database, 'guests'>) =>
        eb.and([
          eb('guests.audit_status', '=', TRAVELLING_STATUS),
          eb.or([eb('guests.attendance', 'is', null), eb('guests.attendance', 'not in', WITHDRAWN)]),
          eb(legDate(postgres, itinerary, leg, timeField), '=', query.date),
          ...(query.station ? [eb(jsonPlace(postgres, itinerary, leg, placeField), '=', query.station)] : []),
        ]);
    const manifestRow = (
      kind: ManifestRow['kind'],
      person: { name: string; unit_name: string | null; document: string; itinerary?: string | null },
      guestName: string,
    ): ManifestRow => ({
      kind,
      name: person.name,
      guestName,
      unitName: person.unit_name ?? null,
      mobile: protection.fieldOf(documentOf(person.document), 'mobile'),
      journey: itineraryOf(person.itinerary)[leg] ?? {},
    });
    async function* rows(): AsyncIterable<ManifestRow> {
      const guests = keysetRows(
        (after: { id: string } | null, limit) => {
          let q = db
            .selectFrom('guests')
            .leftJoin('units', 'units.id', 'guests.unit_id')
            .select(['guests.id', 'guests.name', 'guests.document', 'guests.itinerary', 'units.name as unit_name'])
            .where('guests.edition_id', '=', editionId)
            .where('guests.unit_id', 'is not', null)
            .where(travellingOnTheDay('guests.itinerary'));
          if (after) q = q.where('guests.id', '>', after.id);
          return q.orderBy('guests.id').limit(limit).execute();
        },
        PAGE,
        postgres,
      );
      for await (const g of guests) yield manifestRow('guest', g, g.name);
      const members = keysetRows(
        (after: { id: string } | null, limit) => {
          let q = db
            .selectFrom('entourage_members')
            .innerJoin('guests', 'guests.id', 'entourage_members.guest_id')
            .leftJoin('units', 'units.id', 'entourage_members.unit_id')
            .select([
              'entourage_members.id',
              'entourage_members.name',
              'entourage_members.document',
              'entourage_members.itinerary',
              'guests.name as guest_name',
              'units.name as unit_name',
            ])
            .where('entourage_members.edition_id', '=', editionId)
            .where(travellingOnTheDay('entourage_members.itinerary'));
          if (after) q = q.where('entourage_members.id', '>', after.id);
          return q.orderBy('entourage_members.id').limit(limit).execute();
        },
        PAGE,
        postgres,
      );
      for await (const m of members) yield manifestRow('member', m, m.guest_name);
    }
    return [
      {
        nameKey: query.direction === 'arrival' ? 'console.export.sheets.arrivals' : 'console.export.sheets.departures',
        rows: rows(),
        columns: [
          { headerKey: 'console.export.columns.kind', value: (r, read) => read.t(`console.export.kinds.${r.kind}`) },
          { headerKey: 'console.export.columns.name', value: (r) => r.name },
          { headerKey: 'console.export.columns.guest', value: (r) => r.guestName },
          { headerKey: 'console.export.columns.unit', width: 28, value: (r) => r.unitName },
          { headerKey: 'console.export.columns.mobile', value: (r) => r.mobile },
          fieldColumn('itinerary', `${leg}.transportMode`, (r) => r.journey.transportMode, {
            headerKey: 'console.export.columns.transportMode',
          }),
          { headerKey: 'console.export.columns.number', value: (r) => r.journey.number },
          {
            headerKey: 'console.export.columns.time',
            width: 24,
            value: (r, read) => read.time(query.direction === 'arrival' ? r.journey.arrivalTime : r.journey.departureTime),
          },
          {
            headerKey: 'console.export.columns.station',
            value: (r) => (query.direction === 'arrival' ? r.journey.arrivalPlace : r.journey.departurePlace),
          },
          // an unticked box on the itinerary form leaves the field out: no pick-up asked for
          { headerKey: 'console.export.columns.pickUp', value: (r, read) => read.yesNo(r.journey.pickUpNeeded ?? false) },
        ],
      },
    ];
  }

  /**
   * Where the approved guests stay, as the units entered them (beside the organisers' hotels).
   * `pageSize`: rows per keyset page (tests read several pages of a small edition).
   */
  stays(editionId: string, pageSize = PAGE): ExportSheet<Record<string, string | null>>[] {
    const db = this.db;
    return [
      {
        nameKey: 'console.export.sheets.stays',
        // keyset pages on guests_listing (migration 0012)
        rows: mapRows(
          keysetRows(
            (after: { id: string; created_at: string } | null, limit) =>
              db
                .selectFrom('guests')
                .leftJoin('units', 'units.id', 'guests.unit_id')
                .select([
                  'guests.id',
                  'guests.created_at',
                  'guests.name',
                  'guests.itinerary',
                  'guests.reception',
                  'units.name as unit_name',
                ])
                .where('guests.edition_id', '=', editionId)
                .where('guests.unit_id', 'is not', null)
                .where('guests.itinerary', 'is not', null)
                // the stays the hotels prepare for: a pending or rejected guest is not coming (yet)
                .where('guests.audit_status', '=', TRAVELLING_STATUS)
                .where((eb) => eb.or([eb('guests.attendance', 'is', null), eb('guests.attendance', 'not in', WITHDRAWN)]))
                .$if(after !== null, (q) => q.where(afterCreatedAtAndId('guests', after!)))
                .orderBy('guests.created_at')
                .orderBy('guests.id')
                .limit(limit)
                .execute(),
            pageSize,
            isPostgres(this.db),
          ),
          (g) => ({
            name: g.name,
            unit_name: g.unit_name ?? null,
            hotel: hotelNameOf(itineraryOf(g.itinerary), receptionOf(g.reception)),
            kind: itineraryOf(g.itinerary).hotel?.kind ?? null,
          }),
        ),
        columns: [
          { headerKey: 'console.export.columns.name', value: (r) => r.name },
          { headerKey: 'console.export.columns.unit', width: 28, value: (r) => r.unit_name },
          { headerKey: 'console.export.columns.hotel', width: 28, value: (r) => r.hotel },
          fieldColumn('itinerary', 'hotel.kind', (r) => r.kind, { headerKey: 'console.export.columns.hotelKind' }),
        ],
      },
    ];
  }
}

/** Where a row's arrival and return columns find their values. */
interface JourneyValues<Row> {
  arrivalTime: (row: Row) => string | null | undefined;
  arrivalPlace: (row: Row) => string | null | undefined;
  returnTime: (row: Row) => string | null | undefined;
  returnPlace: (row: Row) => string | null | undefined;
}

/** The journey values of a row whose itinerary is read whole. */
function journeyOf<Row>(itinerary: (row: Row) => Itinerary): JourneyValues<Row> {
  return {
    arrivalTime: (r) => itinerary(r).arrival?.arrivalTime,
    arrivalPlace: (r) => itinerary(r).arrival?.arrivalPlace,
    returnTime: (r) => itinerary(r).return?.departureTime,
    returnPlace: (r) => itinerary(r).return?.departurePlace,
  };
}

/** Arrival and return columns of an itinerary (times in Shanghai with the zone). */
function legColumns<Row>(journey: JourneyValues<Row>): ExportColumn<Row>[] {
  return [
    { headerKey: 'console.export.columns.arrivalTime', width: 24, value: (r, read) => read.time(journey.arrivalTime(r)) },
    { headerKey: 'console.export.columns.arrivalPlace', value: (r) => journey.arrivalPlace(r) },
    { headerKey: 'console.export.columns.returnTime', width: 24, value: (r, read) => read.time(journey.returnTime(r)) },
    { headerKey: 'console.export.columns.returnPlace', value: (r) => journey.returnPlace(r) },
  ];
}

/**
 * The hotel a guest stays at: the name the unit typed on the itinerary, else the hotel where the
 * organisers placed the guest's receptionist (the designated hotel is chosen by its kind alone).
 */
function hotelNameOf(itinerary: Itinerary, reception: Reception): string | null {
  return itinerary.hotel?.hotelName ?? placedHotelOf(reception);
}

/** The hotel where the organisers placed a guest's receptionist. */
function placedHotelOf(reception: Reception): string | null {
  return reception.hotels?.find((point) => point.place)?.place ?? null;
}

export interface ManifestRow {
  kind: 'guest' | 'member';
  name: string;
  guestName: string;
  unitName: string | null;
  mobile: string | null;
  journey: Journey;
}

function jsonPlace(postgres: boolean, column: string, leg: string, field: string) {
  return jsonText(postgres, column, [leg, field]);
}

/**
 * The guests' workbooks of the console, in the order of their OpenAPI paths. The hotels workbook
 * puts the organisers' hotels (reception) beside where the guests stay.
 */
export function guestWorkbooks(guests: GuestExports, hotels: HotelExports): ConsoleWorkbook<never>[] {
  const manifest: ConsoleWorkbook<ManifestQuery> = {
    path: consoleApiPaths.exportManifest,
    summary: 'Arrivals or departures of guests and entourage members on one day, optionally at one station',
    query: 'manifest-query',
    file: (query) => ({
      key: query.direction === 'arrival' ? 'console.export.files.arrivals' : 'console.export.files.departures',
      details: [query.date, query.station ?? ''],
    }),
    sheets: (editionId, query) => guests.manifest(editionId, query),
  };
  return [
    {
      path: consoleApiPaths.exportGuests,
      summary: 'Guests of every unit (with arrival, return and hotel)',
      file: () => ({ key: 'console.export.files.guests' }),
      sheets: (editionId) => guests.guests(editionId),
    },
    {
      path: consoleApiPaths.exportEntourage,
      summary: 'Entourage members with their guest, unit and itinerary',
      file: () => ({ key: 'console.export.files.entourage' }),
      sheets: (editionId) => guests.entourage(editionId),
    },
    manifest,
    {
      path: consoleApiPaths.exportHotels,
      summary: 'Hotels with their receptionists, and where the guests stay',
      file: () => ({ key: 'console.export.files.hotels' }),
      sheets: (editionId) => [...hotels.hotels(editionId), ...guests.stays(editionId)],
    },
  ];
}
