import type { Database } from '../db/client';
import { appointments, insurancePlans, medicalRecords, preventativeCare, providers } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import type { SourceIdentifier } from '../../shared/rules/codes';
import { KnownIdentifiers } from './source-identifiers';

// What the record holds already, read once at the start of an import (issue 34), so that the same Bundle imported twice,
// or the app's own export imported back, adds nothing: an incoming provider, care item, plan, appointment or document
// that matches one of these is "already in the record". A provider or a care item is known first by the identifiers
// and fullUrl of the resource it came from (source-identifiers.ts); else each is matched by what identifies it to a
// patient: a provider by name, a care item by name and day, a plan by payer and member id, an appointment by provider,
// day and type, a document by name and size. Case and spacing aside.

const key = (...parts: Array<string | number>) => parts.map((part) => String(part).trim().toLowerCase().replace(/\s+/g, ' ')).join('\u0000');

export class KnownRecord {
  readonly #providers = new Map<string, number>();
  readonly #providerSources = new KnownIdentifiers<number>();
  readonly #careItems = new Map<string, number>();
  readonly #careItemSources = new KnownIdentifiers<number>();
  readonly #completedOn = new Map<number, string | null>();
  readonly #plans = new Set<string>();
  readonly #appointments = new Set<string>();
  readonly #documents = new Set<string>();

  static async load(tx: Database, patient: Patient): Promise<KnownRecord> {
    const known = new KnownRecord();
    // One query after another: `tx` is one connection.
    const people = await tx.select({ id: providers.id, name: providers.name, identifiers: providers.identifiers }).from(providers).where(ownRows(providers, patient));
    for (const row of people) known.addProvider(row.name, row.identifiers, row.id);
    const items = await tx
      .select({
        id: preventativeCare.id,
        careName: preventativeCare.careName,
        dueDate: preventativeCare.dueDate,
        lastCompleted: preventativeCare.lastCompleted,
        identifiers: preventativeCare.identifiers,
      })
      .from(preventativeCare)
      .where(ownRows(preventativeCare, patient));
    for (const row of items) {
      known.addCareItem(row.careName, row.dueDate, row.identifiers, row.id);
      known.#completedOn.set(row.id, row.lastCompleted);
    }
    for (const row of await tx.select({ provider: insurancePlans.provider, memberId: insurancePlans.memberId }).from(insurancePlans).where(ownRows(insurancePlans, patient))) {
      known.addPlan(row.provider, row.memberId);
    }
    const visits = await tx
      .select({ providerId: appointments.providerId, date: appointments.appointmentDate, type: appointments.appointmentType })
      .from(appointments)
      .where(ownRows(appointments, patient));
    for (const row of visits) known.addAppointment(row.providerId, row.date, row.type);
    for (const row of await tx.select({ filename: medicalRecords.filename, size: medicalRecords.fileSize }).from(medicalRecords).where(ownRows(medicalRecords, patient))) {
      known.addDocument(row.filename, row.size);
    }
    return known;
  }

  provider(name: string, identifiers: readonly SourceIdentifier[]): number | undefined {
    return this.#providerSources.find(identifiers) ?? this.#providers.get(key(name));
  }
  addProvider(name: string, identifiers: readonly SourceIdentifier[], id: number): void {
    if (!this.#providers.has(key(name))) this.#providers.set(key(name), id);
    this.#providerSources.add(identifiers, id);
  }

  careItem(name: string, day: string, identifiers: readonly SourceIdentifier[]): number | undefined {
    return this.#careItemSources.find(identifiers) ?? this.#careItems.get(key(name, day));
  }
  addCareItem(name: string, day: string, identifiers: readonly SourceIdentifier[], id: number): void {
    if (!this.#careItems.has(key(name, day))) this.#careItems.set(key(name, day), id);
    this.#careItemSources.add(identifiers, id);
  }
  /** The day a care item was last completed, as the record held it when the import began. */
  completedOn(id: number): string | null | undefined {
    return this.#completedOn.get(id);
  }

  hasPlan(payer: string, memberId: string): boolean {
    return this.#plans.has(key(payer, memberId));
  }
  addPlan(payer: string, memberId: string): void {
    this.#plans.add(key(payer, memberId));
  }

  hasAppointment(providerId: number, day: string, type: string): boolean {
    return this.#appointments.has(key(providerId, day, type));
  }
  addAppointment(providerId: number, day: string, type: string): void {
    this.#appointments.add(key(providerId, day, type));
  }

  hasDocument(filename: string, size: number): boolean {
    return this.#documents.has(key(filename, size));
  }
  addDocument(filename: string, size: number): void {
    this.#documents.add(key(filename, size));
  }
}
