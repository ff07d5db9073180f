//! The six body postures of the 3d6 roll-under rulesets (standing,
//! crouching, kneeling, sitting, crawling, lying), declared by
//! [`crate::postures!`] in the ruleset's own crate, so that the ruleset
//! writes its rules' modifiers as methods of its own type.

/// Declares a ruleset's `Posture`: the six postures (standing by default,
/// snake_case in files and the schema), with `name` (its word) and `down`
/// (crawling or lying). `lying` is the doc of the last one.
///
/// ```ignore
/// fray_core::postures! {
///     /// A figure's posture (M-PAT-001, M-PDF-005).
///     pub enum Posture, lying: "Lying down.";
/// }
/// ```
#[macro_export]
macro_rules! postures {
    ($(#[$meta:meta])* pub enum $name:ident, lying: $lying:literal;) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #[derive(::serde::Serialize, ::serde::Deserialize, ::schemars::JsonSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            /// Standing.
            #[default]
            Standing,
            /// Crouching.
            Crouching,
            /// Kneeling.
            Kneeling,
            /// Sitting.
            Sitting,
            /// Crawling.
            Crawling,
            #[doc = $lying]
            Lying,
        }

        impl $name {
            /// Its word, for narration and the table.
            pub const fn name(self) -> &'static str {
                match self {
                    $name::Standing => "standing",
                    $name::Crouching => "crouching",
                    $name::Kneeling => "kneeling",
                    $name::Sitting => "sitting",
                    $name::Crawling => "crawling",
                    $name::Lying => "lying",
                }
            }

            /// Down on the ground (crawling or lying).
            pub const fn down(self) -> bool {
                matches!(self, $name::Crawling | $name::Lying)
            }
        }
    };
}
