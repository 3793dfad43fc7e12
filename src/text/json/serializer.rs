//! A compact JSON serializer for serde, writing what serde_json's compact
//! serializer writes, byte for byte, with terminal-safe strings
//! ([`super::escape::write_str`]). serde_json escapes every string a byte
//! at a time and gives no hook to skip that for keys; this one copies the
//! runs that need nothing eight bytes at a time, which made strings (the
//! keys above all) half the time of `parse --json`. Numbers are written by
//! serde_json itself, so they stay exactly as it writes them.

use std::io::Write;

use serde::ser::{self, Impossible, Serialize};
use serde_json::Error;

use super::escape::{write_body, write_str};

type Result<T = ()> = std::result::Result<T, Error>;

/// The serializer over a writer.
pub(super) struct Compact<'w, W: Write + ?Sized> {
    pub(super) out: &'w mut W,
}

impl<W: Write + ?Sized> Compact<'_, W> {
    fn raw(&mut self, b: &[u8]) -> Result {
        self.out.write_all(b).map_err(Error::io)
    }

    fn string(&mut self, s: &str) -> Result {
        write_str(self.out, s).map_err(Error::io)
    }

    /// A number (or anything serde_json writes without a string), as
    /// serde_json writes it.
    fn number<T: Serialize>(&mut self, v: T) -> Result {
        serde_json::to_writer(&mut *self.out, &v)
    }

    fn reborrow(&mut self) -> Compact<'_, W> {
        Compact { out: self.out }
    }
}

/// An array or object being written: whether an element came yet.
pub(super) struct Compound<'a, 'w, W: Write + ?Sized> {
    ser: &'a mut Compact<'w, W>,
    first: bool,
    /// Closing bytes: `]`, `}`, or `]}` / `}}` for a variant.
    close: &'static [u8],
}

impl<W: Write + ?Sized> Compound<'_, '_, W> {
    fn comma(&mut self) -> Result {
        if self.first {
            self.first = false;
            Ok(())
        } else {
            self.ser.raw(b",")
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.comma()?;
        value.serialize(&mut self.ser.reborrow())
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result {
        // `,"` and `":` each in one write: a report line is mostly keys.
        let open: &[u8] = if std::mem::take(&mut self.first) {
            b"\""
        } else {
            b",\""
        };
        self.ser.raw(open)?;
        write_body(self.ser.out, key).map_err(Error::io)?;
        self.ser.raw(b"\":")?;
        value.serialize(&mut self.ser.reborrow())
    }

    fn end(self) -> Result {
        self.ser.raw(self.close)
    }
}

impl<'a, 'w, W: Write + ?Sized> ser::Serializer for &'a mut Compact<'w, W> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, 'w, W>;
    type SerializeTuple = Compound<'a, 'w, W>;
    type SerializeTupleStruct = Compound<'a, 'w, W>;
    type SerializeTupleVariant = Compound<'a, 'w, W>;
    type SerializeMap = Compound<'a, 'w, W>;
    type SerializeStruct = Compound<'a, 'w, W>;
    type SerializeStructVariant = Compound<'a, 'w, W>;

    fn serialize_bool(self, v: bool) -> Result {
        self.raw(if v { b"true" } else { b"false" })
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.number(v)
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.number(v)
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.number(v)
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.number(v)
    }
    fn serialize_i128(self, v: i128) -> Result {
        self.number(v)
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.number(v)
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.number(v)
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.number(v)
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.number(v)
    }
    fn serialize_u128(self, v: u128) -> Result {
        self.number(v)
    }
    fn serialize_f32(self, v: f32) -> Result {
        self.number(v)
    }
    fn serialize_f64(self, v: f64) -> Result {
        self.number(v)
    }
    fn serialize_char(self, v: char) -> Result {
        self.string(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result {
        self.string(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result {
        self.number(v)
    }
    fn serialize_none(self) -> Result {
        self.raw(b"null")
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        self.raw(b"null")
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result {
        self.raw(b"null")
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.string(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        self.raw(b"{")?;
        self.string(variant)?;
        self.raw(b":")?;
        value.serialize(&mut self.reborrow())?;
        self.raw(b"}")
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        self.raw(b"[")?;
        Ok(Compound {
            ser: self,
            first: true,
            close: b"]",
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Self::SerializeTuple> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        self.raw(b"{")?;
        self.string(variant)?;
        self.raw(b":[")?;
        Ok(Compound {
            ser: self,
            first: true,
            close: b"]}",
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        self.raw(b"{")?;
        Ok(Compound {
            ser: self,
            first: true,
            close: b"}",
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Self::SerializeStruct> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        self.raw(b"{")?;
        self.string(variant)?;
        self.raw(b":{")?;
        Ok(Compound {
            ser: self,
            first: true,
            close: b"}}",
        })
    }
}

/// The four element-wise compounds (arrays, tuples, tuple structs, tuple
/// variants): serde gives each its own trait, whose method is
/// `serialize_element` or `serialize_field`.
macro_rules! elementwise {
    ($($tr:ident :: $method:ident),*) => {$(
        impl<W: Write + ?Sized> ser::$tr for Compound<'_, '_, W> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
                self.element(value)
            }
            fn end(self) -> Result {
                Compound::end(self)
            }
        }
    )*};
}

elementwise!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl<W: Write + ?Sized> ser::SerializeMap for Compound<'_, '_, W> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result {
        self.comma()?;
        key.serialize(MapKey {
            ser: &mut self.ser.reborrow(),
        })?;
        self.ser.raw(b":")
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        value.serialize(&mut self.ser.reborrow())
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

/// Structs and struct variants: a field is a key and its value.
macro_rules! fieldwise {
    ($($tr:ident),*) => {$(
        impl<W: Write + ?Sized> ser::$tr for Compound<'_, '_, W> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                v: &T,
            ) -> Result {
                self.field(key, v)
            }
            fn end(self) -> Result {
                Compound::end(self)
            }
        }
    )*};
}

fieldwise!(SerializeStruct, SerializeStructVariant);

/// A map key: a string, a character or an integer written as a string,
/// as serde_json accepts them; anything else is the error it gives.
struct MapKey<'a, 'w, W: Write + ?Sized> {
    ser: &'a mut Compact<'w, W>,
}

impl<W: Write + ?Sized> MapKey<'_, '_, W> {
    fn quoted<T: Serialize>(self, v: T) -> Result {
        self.ser.raw(b"\"")?;
        self.ser.number(v)?;
        self.ser.raw(b"\"")
    }
}

fn key_must_be_a_string() -> Error {
    ser::Error::custom("key must be a string")
}

impl<W: Write + ?Sized> ser::Serializer for MapKey<'_, '_, W> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result {
        self.ser.string(v)
    }
    fn serialize_char(self, v: char) -> Result {
        self.ser.string(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.ser.string(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result {
        v.serialize(self)
    }
    fn serialize_bool(self, v: bool) -> Result {
        self.ser.raw(if v { b"\"true\"" } else { b"\"false\"" })
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.quoted(v)
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.quoted(v)
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.quoted(v)
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.quoted(v)
    }
    fn serialize_i128(self, v: i128) -> Result {
        self.quoted(v)
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.quoted(v)
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.quoted(v)
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.quoted(v)
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.quoted(v)
    }
    fn serialize_u128(self, v: u128) -> Result {
        self.quoted(v)
    }
    fn serialize_f32(self, v: f32) -> Result {
        if !v.is_finite() {
            return Err(ser::Error::custom(
                "float key must be finite (got NaN or +/-inf)",
            ));
        }
        self.quoted(v)
    }
    fn serialize_f64(self, v: f64) -> Result {
        if !v.is_finite() {
            return Err(ser::Error::custom(
                "float key must be finite (got NaN or +/-inf)",
            ));
        }
        self.quoted(v)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result {
        Err(key_must_be_a_string())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result {
        Err(key_must_be_a_string())
    }
    fn serialize_unit(self) -> Result {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        Err(key_must_be_a_string())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(key_must_be_a_string())
    }
}
