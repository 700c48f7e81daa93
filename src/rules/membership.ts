/**
 * Spec 2 §1: members receive 100000 power per month (the membership copy). The product data
 * does not carry it, so the retention pop-up, the membership screen and the mock backend all
 * read it here. A module of its own, so the first screens' power chunk does not carry it.
 */
export const MEMBER_MONTHLY_POWER = 100_000;
